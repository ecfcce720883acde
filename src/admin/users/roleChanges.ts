import type { Identifier } from 'react-admin';

/**
 * The roles to save: what the dialog changed (boxes ticked or cleared since it opened) applied to
 * the roles the user holds now. A role someone else gave or took away in the meantime stays as they
 * left it, rather than being undone by a list loaded before their change.
 */
export function withRoleChanges(shown: Identifier[], chosen: Identifier[], heldNow: Identifier[]): Identifier[] {
  const added = chosen.filter((id) => !shown.includes(id));
  const removed = shown.filter((id) => !chosen.includes(id));
  return [...heldNow.filter((id) => !removed.includes(id)), ...added.filter((id) => !heldNow.includes(id))];
}
