import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { hashToken } from '../auth/tokens.js';

/**
 * Secret calendar feed URLs. A feed token is derived from a server key and a random nonce kept
 * per user, so the portal can show the same URL again while the database only holds the token's
 * SHA-256: a copy of the database alone does not reveal any feed. A new nonce revokes the old URL.
 */

/** The key's file in STORAGE_DIR (never served under /storage/, see src/plugins/storage.ts). */
export const CALENDAR_FEED_KEY_FILE = 'calendar-feed.key';
const keys = new Map<string, Buffer>();

/**
 * CALENDAR_FEED_KEY, or a random key kept in the storage folder (created on first use). Losing
 * the key changes every feed URL: the portal then issues new ones.
 */
export function feedKey(config: Config): Buffer {
  if (config.calendarFeedKey) return Buffer.from(config.calendarFeedKey, 'utf8');
  const path = join(config.storageDir, CALENDAR_FEED_KEY_FILE);
  const cached = keys.get(path);
  if (cached) return cached;
  let key: Buffer;
  try {
    key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url');
    if (key.length < 32) throw new Error('short key');
  } catch {
    mkdirSync(config.storageDir, { recursive: true });
    key = randomBytes(32);
    try {
      writeFileSync(path, key.toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch {
      // Another process wrote it first: use theirs.
      key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url');
    }
    chmodSync(path, 0o600);
  }
  keys.set(path, key);
  return key;
}

export const newNonce = () => randomBytes(16).toString('base64url');

/** The URL token of a user's feed: 43 unguessable characters. */
export function feedToken(key: Buffer, userId: number, nonce: string): string {
  return createHmac('sha256', key).update(`calendar-feed:${userId}:${nonce}`).digest('base64url');
}

export const feedTokenHash = hashToken;

export function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/calendar/${token}.ics`;
}

/** The token in a feed path segment (`<token>.ics`), or null when it cannot be one. */
export function tokenFromFile(file: string): string | null {
  const match = /^([A-Za-z0-9_-]{43})\.ics$/.exec(file);
  return match ? match[1] : null;
}

/** What issuing and reading feed URLs needs from the calendar repository. */
interface FeedStore {
  feedOf(userId: number): Promise<{ nonce: string; token_hash: string } | undefined>;
  saveFeed(userId: number, nonce: string, tokenHash: string, regenerated: { actorId: number } | null): Promise<void>;
}

/**
 * The user's feed URL, issuing the feed on first use (or again when the server key changed and
 * the stored hash no longer matches).
 */
export async function currentFeedUrl(store: FeedStore, config: Config, userId: number): Promise<string> {
  const key = feedKey(config);
  const feed = await store.feedOf(userId);
  if (feed) {
    const token = feedToken(key, userId, feed.nonce);
    if (feedTokenHash(token) === feed.token_hash) return feedUrl(config.publicUrl, token);
  }
  const nonce = newNonce();
  const token = feedToken(key, userId, nonce);
  await store.saveFeed(userId, nonce, feedTokenHash(token), null);
  return feedUrl(config.publicUrl, token);
}

/** Replaces the user's feed with a new one: the previous URL answers 404 from now on. */
export async function regenerateFeed(
  store: FeedStore,
  config: Config,
  userId: number,
  actorId: number,
): Promise<string> {
  const nonce = newNonce();
  const token = feedToken(feedKey(config), userId, nonce);
  await store.saveFeed(userId, nonce, feedTokenHash(token), { actorId });
  return feedUrl(config.publicUrl, token);
}
