/** A response is parsed as JSON only when its text starts with "{"; otherwise the raw text (or null when empty). */
export function parseBody(text: string): unknown {
  if (text.startsWith('{')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text === '' ? null : text;
}
