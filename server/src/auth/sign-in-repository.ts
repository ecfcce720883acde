import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { PERMISSION_NAMES } from '../access/permissions.js';
import { isoNow, type Clock } from '../modules/shared.js';
import { audit, changesBetween } from '../modules/audit/repository.js';

/** The administrator role ADMIN_EMAILS grants: every permission but the developer override. */
export const ADMIN_ROLE = {
  name: 'Amministratore',
  description: "Gestisce l'intera piattaforma: esperti, ruoli, team, utenti, sessioni e videocorsi.",
  permissions: PERMISSION_NAMES.filter((name) => name !== 'developer'),
};

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
  oidc_subject: string;
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

    async purgePending(olderThanMs: number): Promise<void> {
      const cutoff = new Date(now() - olderThanMs).toISOString();
      await db.deleteFrom('sign_in_requests').where('created_at', '<', cutoff).execute();
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

    async purgeUsedCodes(olderThanMs: number): Promise<void> {
      const cutoff = new Date(now() - olderThanMs).toISOString();
      await db.deleteFrom('used_auth_codes').where('used_at', '<', cutoff).execute();
    },

    async userIdBySubject(subject: string): Promise<number | null> {
      const row = await db.selectFrom('users').select('id').where('oidc_subject', '=', subject).executeTakeFirst();
      return row?.id ?? null;
    },

    async userByEmail(email: string): Promise<{ id: number; oidc_subject: string | null } | null> {
      const row = await db
        .selectFrom('users')
        .select(['id', 'oidc_subject'])
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .orderBy('id')
        .executeTakeFirst();
      return row ?? null;
    },

    /** Binds a subject to a user that has none yet; false when someone else bound it first. */
    async linkSubject(userId: number, subject: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ oidc_subject: subject, updated_at: isoNow(now) })
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

    /** Gives the administrator role (created when the installation has none) to a user. */
    async grantAdministrator(userId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        let role = await trx
          .selectFrom('roles')
          .select('id')
          .where('name', '=', ADMIN_ROLE.name)
          .orderBy('id')
          .executeTakeFirst();
        if (!role) {
          role = await trx
            .insertInto('roles')
            .values({ name: ADMIN_ROLE.name, description: ADMIN_ROLE.description })
            .returning('id')
            .executeTakeFirstOrThrow();
          const known = await trx
            .selectFrom('permissions')
            .select('name')
            .where('name', 'in', ADMIN_ROLE.permissions)
            .execute();
          if (known.length) {
            await trx
              .insertInto('role_permissions')
              .values(known.map(({ name }) => ({ role_id: role!.id, permission_name: name })))
              .execute();
          }
        }
        await trx
          .insertInto('user_roles')
          .values({ user_id: userId, role_id: role.id })
          .onConflict((conflict) => conflict.columns(['user_id', 'role_id']).doNothing())
          .execute();
      });
    },
  };
}

export type SignInRepository = ReturnType<typeof createSignInRepository>;
