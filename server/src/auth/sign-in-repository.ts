import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { audit, changesBetween, idsChange } from '../modules/audit/repository.js';
import { PERMISSION_NAMES } from '../access/permissions.js';
import { isoNow, type Clock } from '../modules/shared.js';

/** The marker (roles.system_key) of the administrator role ADMIN_EMAILS grants. */
export const ADMIN_ROLE_KEY = 'administrator';

/** The administrator role ADMIN_EMAILS grants: every permission but the developer override. */
export const ADMIN_ROLE = {
  name: 'Amministratore',
  description: "Gestisce l'intera piattaforma: esperti, ruoli, team, utenti, sessioni e videocorsi.",
  permissions: PERMISSION_NAMES.filter((name) => name !== 'developer'),
};

/** Codes live minutes at any provider; a day of memory of the used ones is plenty. */
export const KEEP_USED_CODES_MS = 24 * 3600 * 1000;

export interface PendingSignIn {
  code_verifier: string;
  nonce: string;
  created_at: string;
}

export interface NewSignInUser {
  name: string;
  surname: string;
  email: string;
  avatar: string | null;
  oidc_issuer: string;
  oidc_subject: string;
}

/**
 * The id of the role marked ADMIN_ROLE_KEY, created (and audited) when the installation has none:
 * named "Amministratore" unless another role already is, which then keeps its name and its place.
 */
async function administratorRole(trx: Transaction<Database>, now: Clock): Promise<number> {
  const marked = () => trx.selectFrom('roles').select('id').where('system_key', '=', ADMIN_ROLE_KEY).executeTakeFirst();
  const found = await marked();
  if (found) return found.id;
  const nameTaken = await trx
    .selectFrom('roles')
    .select('id')
    .where(sql<string>`lower(name)`, '=', ADMIN_ROLE.name.toLowerCase())
    .executeTakeFirst();
  const values = {
    name: nameTaken ? `${ADMIN_ROLE.name} (ADMIN_EMAILS)` : ADMIN_ROLE.name,
    description: ADMIN_ROLE.description,
  };
  // Two first sign-ins at once on a new installation: the marker's unique index keeps one role.
  const created = await trx
    .insertInto('roles')
    .values({ ...values, system_key: ADMIN_ROLE_KEY, created_at: isoNow(now) })
    .onConflict((conflict) => conflict.column('system_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created) return (await marked())!.id;
  const known = (
    await trx.selectFrom('permissions').select('name').where('name', 'in', ADMIN_ROLE.permissions).execute()
  ).map(({ name }) => name);
  if (known.length) {
    await trx
      .insertInto('role_permissions')
      .values(known.map((permission_name) => ({ role_id: created.id, permission_name })))
      .execute();
  }
  const changes = changesBetween(null, values, ['name', 'description']);
  if (known.length) changes.permissions = [[], [...known].sort()];
  await audit(trx, now, { actorId: null, action: 'create', entityType: 'role', entityId: created.id, changes });
  return created.id;
}

/** Every query of signing in: pending requests, used codes, and the local user behind an identity. */
export function createSignInRepository(db: Db, now: Clock) {
  return {
    async savePending(stateHash: string, codeVerifier: string, nonce: string): Promise<void> {
      await db
        .insertInto('sign_in_requests')
        .values({ state_hash: stateHash, code_verifier: codeVerifier, nonce, created_at: isoNow(now) })
        .execute();
    },

    /** The request started with this state, removed as it is read: a state serves once. */
    async takePending(stateHash: string): Promise<PendingSignIn | null> {
      const row = await db
        .deleteFrom('sign_in_requests')
        .where('state_hash', '=', stateHash)
        .returning(['code_verifier', 'nonce', 'created_at'])
        .executeTakeFirst();
      return row ?? null;
    },

    /** Deletes the sign-ins started more than `olderThanMs` ago; returns how many went. */
    async purgePending(olderThanMs: number): Promise<number> {
      const cutoff = new Date(now() - olderThanMs).toISOString();
      const result = await db.deleteFrom('sign_in_requests').where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Records a code as used; false when it already was. */
    async claimCode(codeHash: string): Promise<boolean> {
      const result = await db
        .insertInto('used_auth_codes')
        .values({ code_hash: codeHash, used_at: isoNow(now) })
        .onConflict((conflict) => conflict.column('code_hash').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Forgets the codes used more than `olderThanMs` ago; returns how many went. */
    async purgeUsedCodes(olderThanMs: number): Promise<number> {
      const cutoff = new Date(now() - olderThanMs).toISOString();
      const result = await db.deleteFrom('used_auth_codes').where('used_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The user holding an identity: a subject of one issuer (the same subject of another is someone else). */
    async userBySubject(issuer: string, subject: string): Promise<{ id: number; demo: boolean } | null> {
      const row = await db
        .selectFrom('users')
        .select(['id', 'demo'])
        .where('oidc_issuer', '=', issuer)
        .where('oidc_subject', '=', subject)
        .executeTakeFirst();
      return row ? { id: row.id, demo: Boolean(row.demo) } : null;
    },

    async userByEmail(email: string): Promise<{ id: number; oidc_subject: string | null; demo: boolean } | null> {
      const row = await db
        .selectFrom('users')
        .select(['id', 'oidc_subject', 'demo'])
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .orderBy('id')
        .executeTakeFirst();
      return row ? { id: row.id, oidc_subject: row.oidc_subject, demo: Boolean(row.demo) } : null;
    },

    /** Binds an identity to a user that has none yet; false when someone else bound it first. */
    async linkSubject(userId: number, issuer: string, subject: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ oidc_issuer: issuer, oidc_subject: subject, updated_at: isoNow(now) })
        .where('id', '=', userId)
        .where('oidc_subject', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows ?? 0) > 0;
    },

    /** A user signing up (their first sign-in under SIGN_UP=open, or an ADMIN_EMAILS address): audited as made by themselves. */
    async createUser(values: NewSignInUser): Promise<number> {
      const stamp = isoNow(now);
      return db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('users')
          .values({ ...values, created_at: stamp, updated_at: stamp })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(trx, now, {
          actorId: created.id,
          action: 'create',
          entityType: 'user',
          entityId: created.id,
          changes: changesBetween(null, values),
        });
        return created.id;
      });
    },

    /**
     * Gives the administrator role to a user whose own e-mail (the local, verified address, not
     * whatever the provider claims at a later sign-in) is in `adminEmails`; called once, when the
     * account is created or first linked to its provider identity, so a grant staff take away does
     * not come back. The role is the one marked ADMIN_ROLE_KEY whatever it is called now, created
     * when the installation has none. The grant is recorded in the audit trail with no actor (the
     * system). Resolves whether the role was given.
     */
    async grantAdministrator(userId: number, adminEmails: readonly string[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
        if (!user || !adminEmails.includes(user.email.toLowerCase())) return false;
        const roleId = await administratorRole(trx, now);
        const held = (await trx.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute()).map(
          (r) => r.role_id,
        );
        if (held.includes(roleId)) return false;
        await trx.insertInto('user_roles').values({ user_id: userId, role_id: roleId }).execute();
        await audit(trx, now, {
          actorId: null,
          action: 'update',
          entityType: 'user',
          entityId: userId,
          changes: { roles: idsChange(held, [...held, roleId])! },
        });
        return true;
      });
    },
  };
}

export type SignInRepository = ReturnType<typeof createSignInRepository>;
