/**
 * An avatar is a path; when it is not a full https address it is prefixed with the
 * provider's account host.
 */
export function avatarUrl(avatar: string | null | undefined, host: string | null | undefined): string | undefined {
  if (!avatar) return undefined;
  if (avatar.startsWith('https://')) return avatar;
  if (!host) return avatar;
  return `${host.replace(/\/+$/, '')}/${avatar.replace(/^\/+/, '')}`;
}

/** "Mario Rossi" → "MR": the fallback shown when there is no picture. */
export function initials(name: string | null | undefined): string {
  return (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}
