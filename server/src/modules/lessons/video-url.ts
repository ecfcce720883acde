/**
 * The lesson video rule, shared by the server's validation and the back-office form: an absolute
 * https address without credentials in it (YouTube, Vimeo, a video file) or a path of the site's
 * own /storage/ files. Pure and dependency-free so the front end can import it.
 */
export function isAcceptedVideoUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith('/storage/')) return !value.split('/').includes('..');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
