import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { resolveLocalUser, SignInRefusedError } from '../../auth/identity.js';
import { identityIssuer } from '../../auth/identities.js';
import { ClientRejectedError, CodeRejectedError, ProviderUnavailableError } from '../../auth/oidc-client.js';
import { hashToken, issueToken, revokeToken } from '../../auth/tokens.js';
import { KEEP_USED_CODES_MS } from '../../auth/sign-in-repository.js';
import { HttpError, validationFailed } from '../../http/errors.js';
import { authOf } from '../../plugins/auth.js';
import {
  AuthCallbackBody,
  AuthCallbackResponse,
  AuthLoginResponse,
  AuthLogoutResponse,
  type SignInRefusalReason,
} from './schemas.js';
import { responses } from '../../http/schemas.js';

const CODE_REFUSED = 'Il codice di accesso non è valido, è scaduto o è già stato utilizzato.';
const CODE_REQUIRED = 'Il campo codice è obbligatorio.';
const PROVIDER_DOWN = 'Il provider di identità non risponde. Riprova più tardi.';
const CLIENT_REFUSED =
  "Il provider di identità non ha accettato Percorso: l'amministratore deve controllarne la configurazione.";
const EXPIRED = 'La richiesta di accesso è scaduta o non è valida: riprova.';
const ACCESS_DENIED = "L'accesso è stato negato dal provider di identità.";
const PROVIDER_ERROR = "Il provider di identità non ha completato l'accesso.";

/**
 * Why a sign-in was refused, for the person (`reason`: the SPA's callback screen shows a line for
 * each) and for the operator (logged at warn with the provider's own words).
 */
type Reason = SignInRefusalReason;

function refuse(
  reply: FastifyReply,
  log: FastifyBaseLogger,
  reason: Reason,
  message: string,
  detail: Record<string, unknown>,
) {
  log.warn({ signInRefused: reason, ...detail }, `sign-in refused: ${reason}`);
  return reply.status(422).send({ message, errors: { code: [message] }, reason });
}

/** Sign-in (start, code exchange) and sign-out. */
export default async function authRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const rateLimit = { max: app.config.authRateLimitPerMinute, timeWindow: 60_000 };
  /** A sign-in must come back within this time from its start (its request is then deleted). */
  const signInTtlMs = app.config.retention.signInRequestMinutes * 60_000;

  app.post(
    '/auth/login',
    {
      config: { public: true, rateLimit },
      schema: {
        description:
          "Rate limited like the callback; starts a sign-in (PKCE, state and nonce kept on the server) and answers the provider's authorize URL.",
        response: responses({ 200: AuthLoginResponse }),
      },
    },
    async (request) => {
      let started;
      try {
        started = await app.oidc.startSignIn();
      } catch (error) {
        request.log.warn(
          { detail: (error as ProviderUnavailableError).detail ?? String(error) },
          'sign-in start failed',
        );
        throw new HttpError(503, PROVIDER_DOWN);
      }
      await app.signIns.savePending(hashToken(started.state), started.codeVerifier, started.nonce);
      await app.signIns.purgePending(signInTtlMs);
      return { authorize_url: started.url, state: started.state };
    },
  );

  app.post(
    '/auth/callback',
    {
      config: { public: true, rateLimit },
      schema: {
        description:
          'Rate limited per client address (AUTH_RATE_LIMIT per minute, default 10); each code accepted once, only with the state of a sign-in the server started in the last 10 minutes.',
        body: AuthCallbackBody,
        response: responses({ 200: AuthCallbackResponse }),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const log = request.log;
      if (body.redirect_uri !== undefined && body.redirect_uri !== app.oidc.redirectUri) {
        throw validationFailed({ redirect_uri: ["L'indirizzo di ritorno non corrisponde a quello registrato."] });
      }
      const pending = body.state ? await app.signIns.takePending(hashToken(body.state)) : null;
      if (body.error) {
        const detail = { provider_error: body.error, provider_error_description: body.error_description };
        if (body.error === 'access_denied') return refuse(reply, log, 'access_denied', ACCESS_DENIED, detail);
        return refuse(reply, log, 'provider_error', PROVIDER_ERROR, detail);
      }
      if (!body.code) throw validationFailed({ code: [CODE_REQUIRED] });
      if (!(await app.signIns.claimCode(hashToken(body.code)))) {
        return refuse(reply, log, 'code_refused', CODE_REFUSED, { detail: 'the code was already used' });
      }
      const age = pending ? app.now() - Date.parse(pending.created_at) : Infinity;
      if (!pending || !body.state || age > signInTtlMs) {
        return refuse(reply, log, 'expired', EXPIRED, {
          detail: body.state
            ? 'no sign-in in progress with this state (expired, already used or never started here)'
            : 'no state',
        });
      }

      let signedIn;
      try {
        signedIn = await app.oidc.finishSignIn(
          { code: body.code, state: body.state, iss: body.iss },
          { codeVerifier: pending.code_verifier, nonce: pending.nonce },
        );
      } catch (error) {
        const detail = (error as CodeRejectedError).detail ?? { reason: String(error) };
        if (error instanceof CodeRejectedError) return refuse(reply, log, 'code_refused', CODE_REFUSED, { ...detail });
        log.warn({ signInRefused: 'provider', ...detail }, 'sign-in failed at the provider');
        const [reason, message] =
          error instanceof ClientRejectedError
            ? (['client_rejected', CLIENT_REFUSED] as const)
            : (['provider_unavailable', PROVIDER_DOWN] as const);
        return reply.status(503).send({ message, reason });
      }

      let userId: number;
      try {
        userId = await resolveLocalUser(app.signIns, signedIn.identity, {
          ...app.config,
          trustEmail: app.config.oidc.trustEmail,
          issuer: identityIssuer(app.config.oidc),
          refuseDemo: app.config.oidc.external,
        });
      } catch (error) {
        if (error instanceof SignInRefusedError) {
          return refuse(reply, log, error.reason, error.message, {
            detail: error.detail,
            subject: signedIn.identity.sub,
          });
        }
        throw error;
      }
      const accessToken = await app.repos.audit.withRecord(
        { actorId: userId, action: 'sign_in', entityType: 'user', entityId: userId, changes: {} },
        (trx) =>
          issueToken(
            trx,
            userId,
            app.config.tokenTtlSeconds,
            new Date(app.now()),
            signedIn.idToken,
            request.headers['user-agent'] ?? null,
          ),
      );
      await app.signIns.purgeUsedCodes(KEEP_USED_CODES_MS);
      return { access_token: accessToken };
    },
  );

  /**
   * Revokes the token; `logout_url`, when the provider offers RP-initiated logout and the token
   * came from a sign-in there, is where the browser ends the provider session too (and comes back
   * to the home page).
   */
  app.post(
    '/auth/logout',
    {
      config: { signedIn: true },
      schema: {
        description: "Revokes the token; answers the provider's end-session URL when there is one.",
        response: responses({ 200: AuthLogoutResponse }),
      },
    },
    async (request) => {
      const { userId, token } = authOf(request);
      const { idToken } = await app.repos.audit.withRecord(
        { actorId: userId, action: 'sign_out', entityType: 'user', entityId: userId, changes: {} },
        (trx) => revokeToken(trx, token),
      );
      const logoutUrl = idToken ? await app.oidc.endSessionUrl(idToken) : null;
      return { logout_url: logoutUrl };
    },
  );
}
