import { createServer, type IncomingMessage, type Server } from 'node:http';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import type { GoogleCredentials } from '../../server/src/modules/attendances/config.js';

/** A scripted answer of the fake Reports API. */
export interface FakeAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A fixed answer, or one chosen by the requested page (a whole paged report that stays available). */
export type ScriptedAnswer = FakeAnswer | ((pageToken: string | null) => FakeAnswer);

export interface ReportsRequest {
  meetingCode: string | null;
  pageToken: string | null;
  url: URL;
  authorization: string | undefined;
}

/**
 * A loopback stand-in for Google's OAuth token endpoint and the Admin Reports API
 * (activities.list for applicationName=meet). Answers are scripted per meeting code, in order;
 * the last one repeats.
 */
export class FakeGoogle {
  readonly privateKeyPem: string;
  private readonly publicKey: KeyObject;
  private server: Server | null = null;
  baseUrl = '';
  tokenRequests: Array<{ sub: unknown; scope: unknown; iss: unknown }> = [];
  reportsRequests: ReportsRequest[] = [];
  private scripts = new Map<string, ScriptedAnswer[]>();
  private issued = 0;
  tokenLifetimeSeconds = 3600;

  constructor(readonly clientEmail = 'percorso-importer@percorso-test.iam.gserviceaccount.com') {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    this.publicKey = publicKey;
  }

  get tokenUrl(): string {
    return `${this.baseUrl}/token`;
  }

  credentials(subject = 'admin@incubatore.example'): GoogleCredentials {
    return {
      clientEmail: this.clientEmail,
      privateKey: this.privateKeyPem,
      privateKeyId: 'test-key-1',
      tokenUrl: this.tokenUrl,
      subject,
      reportsBaseUrl: this.baseUrl,
    };
  }

  /** Sets the answers for a meeting code, served one per request; the last repeats. */
  script(meetingCode: string, answers: ScriptedAnswer[]): void {
    this.scripts.set(meetingCode, [...answers]);
  }

  requestsFor(meetingCode: string): ReportsRequest[] {
    return this.reportsRequests.filter((r) => r.meetingCode === meetingCode);
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.handle(req)
        .then(({ status = 200, headers = {}, body }) => {
          res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
          res.end(body === undefined ? '' : JSON.stringify(body));
        })
        .catch((e: Error) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(e.message);
        });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage): Promise<FakeAnswer> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    if (req.method === 'POST' && url.pathname === '/token') return this.token(req);
    if (req.method === 'GET' && url.pathname === '/admin/reports/v1/activity/users/all/applications/meet') {
      return this.reports(req, url);
    }
    return { status: 404, body: { error: { code: 404, message: 'Not Found' } } };
  }

  private async token(req: IncomingMessage): Promise<FakeAnswer> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const form = new URLSearchParams(raw);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
    try {
      const { payload } = await jwtVerify(form.get('assertion') ?? '', this.publicKey, {
        issuer: this.clientEmail,
        audience: this.tokenUrl,
        algorithms: ['RS256'],
      });
      this.tokenRequests.push({ sub: payload.sub, scope: payload.scope, iss: payload.iss });
    } catch (e) {
      return { status: 400, body: { error: 'invalid_grant', error_description: (e as Error).message } };
    }
    this.issued++;
    return {
      body: { access_token: `ya29.fake-${this.issued}`, expires_in: this.tokenLifetimeSeconds, token_type: 'Bearer' },
    };
  }

  private async reports(req: IncomingMessage, url: URL): Promise<FakeAnswer> {
    const filter = url.searchParams.get('filters') ?? '';
    const meetingCode = /^meeting_code==(\w+)$/.exec(filter)?.[1] ?? null;
    this.reportsRequests.push({
      meetingCode,
      pageToken: url.searchParams.get('pageToken'),
      url,
      authorization: req.headers.authorization,
    });
    if (!/^Bearer ya29\.fake-\d+$/.test(req.headers.authorization ?? '')) {
      return {
        status: 401,
        body: { error: { code: 401, message: 'Request had invalid authentication credentials.' } },
      };
    }
    if (url.searchParams.get('eventName') !== 'call_ended' || !meetingCode) {
      return { status: 400, body: { error: { code: 400, message: 'Bad filter' } } };
    }
    const answers = this.scripts.get(meetingCode) ?? [];
    const answer = answers.length > 1 ? answers.shift()! : answers[0];
    if (typeof answer === 'function') return answer(url.searchParams.get('pageToken'));
    return answer ?? { body: { kind: 'admin#reports#activities', etag: '"empty"' } };
  }
}

let qualifier = 1000;

/** One `call_ended` activity as the Reports API documents it for Meet. */
export function callEnded(
  meetingCode: string,
  p: { email?: string; name: string; leftAt: string; seconds: number; endpoint?: string; identifierType?: string },
) {
  const parameters: Array<Record<string, unknown>> = [
    { name: 'video_send_seconds', intValue: String(p.seconds) },
    { name: 'identifier_type', value: p.identifierType ?? 'email_address' },
    { name: 'meeting_code', value: meetingCode },
    { name: 'display_name', value: p.name },
    { name: 'device_type', value: 'web' },
    { name: 'duration_seconds', intValue: String(p.seconds) },
    { name: 'is_external', boolValue: false },
    { name: 'conference_id', value: `conf-${meetingCode}` },
    { name: 'organizer_email', value: 'mentor@incubatore.example' },
  ];
  if (p.email) parameters.push({ name: 'identifier', value: p.email });
  if (p.endpoint) parameters.push({ name: 'endpoint_id', value: p.endpoint });
  return {
    kind: 'admin#reports#activity',
    id: { time: p.leftAt, uniqueQualifier: String(++qualifier), applicationName: 'meet', customerId: 'C03az79cb' },
    etag: `"etag-${qualifier}"`,
    actor: p.email ? { callerType: 'USER', email: p.email, profileId: '1123581321' } : { callerType: 'USER' },
    events: [{ type: 'call', name: 'call_ended', parameters }],
  };
}

export function page(items: unknown[], nextPageToken?: string): FakeAnswer {
  return {
    body: { kind: 'admin#reports#activities', etag: '"page"', items, ...(nextPageToken ? { nextPageToken } : {}) },
  };
}
