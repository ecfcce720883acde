import { importPKCS8, SignJWT } from 'jose';
import type { GoogleCredentials } from './config.js';
import { CredentialsError, httpFailure, PermanentError, RetryLaterError } from './google-errors.js';

export const REPORTS_SCOPE = 'https://www.googleapis.com/auth/admin.reports.audit.readonly';

/**
 * OAuth 2.0 for a service account with domain-wide delegation (RFC 7523 JWT bearer grant):
 * a signed assertion acting as the administrator `subject` is exchanged for an access token,
 * kept until shortly before it expires.
 */
export class GoogleTokenSource {
  private cached: { token: string; expiresAt: number } | null = null;
  private key: Awaited<ReturnType<typeof importPKCS8>> | null = null;

  constructor(
    private readonly credentials: GoogleCredentials,
    private readonly now: () => number = Date.now,
  ) {}

  /** Forgets the cached token (after the API refused it). */
  invalidate(): void {
    this.cached = null;
  }

  async accessToken(): Promise<string> {
    if (this.cached && this.cached.expiresAt > this.now()) return this.cached.token;
    const { clientEmail, privateKeyId, tokenUrl, subject } = this.credentials;
    try {
      this.key ??= await importPKCS8(this.credentials.privateKey, 'RS256');
    } catch (e) {
      throw new CredentialsError(`La chiave privata del service account non è valida: ${(e as Error).message}`);
    }
    const issuedAt = Math.floor(this.now() / 1000);
    const assertion = await new SignJWT({ scope: REPORTS_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(privateKeyId ? { kid: privateKeyId } : {}) })
      .setIssuer(clientEmail)
      .setSubject(subject)
      .setAudience(tokenUrl)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(this.key);
    let res: Response;
    try {
      res = await fetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (e) {
      throw new RetryLaterError(`Token Google non ottenuto: ${(e as Error).message}`);
    }
    if (!res.ok) {
      const failure = await httpFailure('Token Google rifiutato', res, this.now());
      if (failure instanceof PermanentError) {
        throw new CredentialsError(`${failure.message} (controlla GOOGLE_SERVICE_ACCOUNT_* e GOOGLE_ADMIN_SUBJECT)`);
      }
      throw failure;
    }
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new RetryLaterError('Token Google non ottenuto: risposta senza access_token');
    const lifetimeMs = (Number(body.expires_in) || 3600) * 1000;
    // Renew a minute early so a token never expires between our check and Google's.
    this.cached = { token: body.access_token, expiresAt: this.now() + Math.max(0, lifetimeMs - 60_000) };
    return body.access_token;
  }
}
