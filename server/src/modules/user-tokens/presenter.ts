import type { SignIn } from './schemas.js';
import type { SignInRow } from './repository.js';

/** Browsers by the token of their User-Agent, the more specific first (Edge and Opera also say "Chrome"). */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\b(?:HeadlessChrome|Chrome|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems, the more specific first (Android says "Linux", iOS says "like Mac OS X"). */
const SYSTEMS: Array<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPad\b/, 'iPadOS'],
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const UNKNOWN_BROWSER = 'Browser sconosciuto';

/** A readable summary of a User-Agent: "Chrome su Linux", "Safari su iOS", "Browser sconosciuto". */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_BROWSER;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? UNKNOWN_BROWSER;
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system ? `${browser} su ${system}` : browser;
}

export function presentSignIn(row: SignInRow, currentTokenHash: string): SignIn {
  return {
    id: row.public_id,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    browser: describeBrowser(row.user_agent),
    current: row.token_hash === currentTokenHash,
  };
}
