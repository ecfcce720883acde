/**
 * The meeting code the Reports API logs for a Meet link: `https://meet.google.com/abc-defg-hij`
 * → `ABCDEFGHIJ` (upper case, no dashes). Null when the URL is not a Meet meeting link.
 */
export function meetingCodeOf(joinUrl: string | null): string | null {
  if (!joinUrl) return null;
  let url: URL;
  try {
    url = new URL(joinUrl.trim());
  } catch {
    return null;
  }
  if (url.hostname !== 'meet.google.com') return null;
  const match = /^\/(?:lookup\/)?([a-z]{3}-?[a-z]{4}-?[a-z]{3})\/?$/i.exec(url.pathname);
  return match ? match[1].replace(/-/g, '').toUpperCase() : null;
}
