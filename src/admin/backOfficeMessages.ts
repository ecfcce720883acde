import type { MessageTree } from '../i18n/messageTree';
import { adminAppMessages } from './messages';

/**
 * `resources.<name>.*`: each back-office folder's messages.ts (src/admin/<name>/messages.ts,
 * `export const messages`), found by its path — a new resource folder brings its texts along.
 */
const resourceMessages: Record<string, MessageTree> = Object.fromEntries(
  Object.entries(import.meta.glob<MessageTree>('./*/messages.ts', { eager: true, import: 'messages' })).map(
    ([path, messages]) => [path.split('/')[1], messages],
  ),
);

/**
 * The back-office's Italian texts: `app.admin.*` and `resources.*`. They load with the back-office
 * (src/admin/AdminApp.tsx adds them to the one i18nProvider), not with the portal's pages.
 */
export const backOfficeMessages: MessageTree = { app: { admin: adminAppMessages }, resources: resourceMessages };
