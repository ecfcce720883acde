/**
 * The edit version of each record the back-office loaded: the API answers a record's GET and PUT
 * with an ETag naming the state of the fields its edit form sends, and a PUT that sends it back as
 * If-Match is refused (412) when someone else saved those fields since. Kept by the record's
 * address, from its latest answer: the edit form always shows that answer (it reloads when it
 * opens, and after a refusal).
 */
const versions = new Map<string, string>();

const addressOf = (url: string) => new URL(url, 'http://percorso.invalid').pathname.replace(/\/+$/, '');

/** Keeps the version an answer gives for the record at `url`. */
export function keepEditVersion(url: string, headers: Headers | undefined): void {
  const version = headers?.get('ETag');
  if (version) versions.set(addressOf(url), version);
}

/** The version the record at `url` was last loaded with, if its answer gave one. */
export function editVersionAt(url: string): string | undefined {
  return versions.get(addressOf(url));
}

/** Another session starts with nothing loaded. */
export function forgetEditVersions(): void {
  versions.clear();
}
