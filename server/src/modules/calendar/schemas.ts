import { Type } from 'typebox';
import { Data } from '../../http/schemas.js';

export const FeedFileParams = Type.Object({ file: Type.String({ maxLength: 100 }) });
export const CalendarText = Type.String({ description: 'text/calendar (RFC 5545)' });
export const FeedUrl = Data(Type.Object({ calendar_feed_url: Type.String() }));
