import type { Db } from '../../db/index.js';
import { recordAudit } from '../audit/repository.js';
import { isoNow, type Clock } from '../shared.js';
import { defineRepository } from '../registry.js';

export interface SignInRow {
  public_id: string;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
  user_agent: string | null;
}

/**
 * A person's own sign-ins (access tokens). Ending one deletes its token: the auth cache follows
 * access_tokens (auth/auth-cache.ts), so the token is refused at its next request, in this process
 * at once and, on PostgreSQL, in the others once they confirmed the announcement
 * (db/notifications.ts) that leaves before the answer does.
 */
export function createUserTokensRepository(db: Db, now: Clock) {
  return {
    /** The user's unexpired tokens, the latest sign-in first. */
    async list(userId: number): Promise<SignInRow[]> {
      return db
        .selectFrom('access_tokens')
        .leftJoin('access_token_uses', 'access_token_uses.token_id', 'access_tokens.id')
        .select([
          'access_tokens.public_id',
          'access_tokens.token_hash',
          'access_tokens.created_at',
          'access_tokens.user_agent',
          'access_token_uses.last_used_at',
        ])
        .where('access_tokens.user_id', '=', userId)
        .where('access_tokens.expires_at', '>', isoNow(now))
        .orderBy('access_tokens.created_at', 'desc')
        .orderBy('access_tokens.id', 'desc')
        .execute();
    },

    /** Ends one of the user's sign-ins (audited); false when they hold none with this id. */
    async end(userId: number, publicId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const ended = await trx
          .deleteFrom('access_tokens')
          .where('user_id', '=', userId)
          .where('public_id', '=', publicId)
          .returning('id')
          .execute();
        if (!ended.length) return false;
        await recordAudit(trx, isoNow(now), {
          actorId: userId,
          action: 'sign_out',
          entityType: 'user',
          entityId: userId,
          changes: { sign_ins: [ended.length, 0] },
        });
        return true;
      });
    },

    /** Ends every sign-in of the user, the current one included (audited); resolves how many. */
    async endAll(userId: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const ended = await trx.deleteFrom('access_tokens').where('user_id', '=', userId).returning('id').execute();
        await recordAudit(trx, isoNow(now), {
          actorId: userId,
          action: 'sign_out',
          entityType: 'user',
          entityId: userId,
          changes: { sign_ins: [ended.length, 0] },
        });
        return ended.length;
      });
    },
  };
}

export type UserTokensRepository = ReturnType<typeof createUserTokensRepository>;

declare module '../registry.js' {
  interface Repositories {
    userTokens: UserTokensRepository;
  }
}
export const repository = defineRepository('userTokens', createUserTokensRepository);
