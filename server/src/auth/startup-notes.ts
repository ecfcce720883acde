import type { FastifyInstance } from 'fastify';
import { countDemoAccounts } from './identities.js';

/**
 * Start-up notes on the sign-in settings an operator should complete: the provider's label, its
 * account page and its privacy page (a link is offered only where its address is known); and, with
 * a real provider, the demo accounts it disables.
 */
export async function logSignInSettings(app: FastifyInstance): Promise<void> {
  const { config } = app;
  if (!config.oidc.external) {
    app.log.warn(
      'sign-in through the built-in development provider with its demo accounts: set OIDC_ISSUER for a real deployment',
    );
    if (config.ignoredWorkers) {
      app.log.warn(
        `WORKERS=${config.ignoredWorkers} is ignored: the development provider keeps its sign-in state in one process, so one process serves`,
      );
    }
    return;
  }
  const demo = await countDemoAccounts(app.db);
  if (demo) {
    app.log.warn(
      `${demo} demo accounts of the development provider (the demo seed's *@example.com users, one holding "developer") are disabled under OIDC_ISSUER: they cannot sign in and their tokens are refused; delete them in the back-office when no longer needed`,
    );
  }
  if (!config.providerLabelSet) {
    app.log.warn(`PROVIDER_LABEL is not set: the login button reads "Accedi con ${config.providerLabel}"`);
  }
  if (!config.accountUrl) {
    app.log.warn('PROVIDER_ACCOUNT_URL is not set: the user menu offers no "Gestione profilo" link');
  }
  if (!config.privacyUrl) {
    const policy = await app.oidc.policyUri().catch(() => null);
    if (!policy) {
      app.log.warn(
        'PROVIDER_PRIVACY_URL is not set and the provider publishes no op_policy_uri: the login screen offers no "Privacy Policy" link',
      );
    }
  }
  if (config.signUp === 'invite' && !config.adminEmails.length) {
    app.log.warn('SIGN_UP=invite without ADMIN_EMAILS: only users already in the database can sign in');
  }
}
