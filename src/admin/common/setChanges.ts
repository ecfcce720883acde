import type { Identifier } from 'react-admin';

/**
 * What a dialog that edits a set of ids (a user's roles, a session's teams) saves: its own changes
 * (ids added or removed since it opened) applied to the set as it is now. An id someone else added
 * or removed in the meantime stays as they left it, rather than being undone by a list loaded
 * before their change.
 */
export function withSetChanges(shown: Identifier[], chosen: Identifier[], now: Identifier[]): Identifier[] {
  const added = chosen.filter((id) => !shown.includes(id));
  const removed = shown.filter((id) => !chosen.includes(id));
  return [...now.filter((id) => !removed.includes(id)), ...added.filter((id) => !now.includes(id))];
}
