/** Polyglot's messages: nested objects whose leaves are the texts, keys joined with dots. */
export type MessageTree = { [key: string]: string | MessageTree };

/** `base` with `overrides` laid over it, key by key at every depth (neither is changed). */
export function mergeMessages(base: MessageTree, overrides: MessageTree): MessageTree {
  const merged: MessageTree = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    const below = merged[key];
    merged[key] = typeof value === 'object' && typeof below === 'object' ? mergeMessages(below, value) : value;
  }
  return merged;
}
