import { fullFormats } from 'ajv-formats/dist/formats.js';
import { isAcceptedVideoUrl } from '../modules/lessons/video-url.js';

/**
 * String formats the API's schemas use, registered on the validator once (app.ts), so that pure
 * rules are checked by the schema and reported together with every other invalid field.
 */

const isoDateTime = fullFormats['date-time'] as { validate: (value: string) => boolean };

/** Control characters (tab and newlines aside) and the bidirectional overrides and isolates that can disguise text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const DISALLOWED_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;
/** In a name, which is one line, tabs and line breaks are not allowed either. */
const LINE_BREAKS = /[\t\n\r\u2028\u2029]/;

export const API_FORMATS = {
  /** An ISO 8601 date-time that is also a real instant (no leap second 23:59:60, no 30 February). */
  'date-time': {
    type: 'string',
    validate: (value: string) => isoDateTime.validate(value) && Number.isFinite(Date.parse(value)),
  },
  /** A name or title people read: one line, no control characters, no bidirectional overrides. */
  'plain-text': {
    type: 'string',
    validate: (value: string) => !DISALLOWED_TEXT.test(value) && !LINE_BREAKS.test(value),
  },
  /** Free text (descriptions, instructions): lines and tabs allowed, other control characters not. */
  'free-text': { type: 'string', validate: (value: string) => !DISALLOWED_TEXT.test(value) },
  /** A lesson's video: https without credentials, or one of the site's own /storage/ files. */
  'video-url': { type: 'string', validate: (value: string) => isAcceptedVideoUrl(value.trim()) },
} as const;
