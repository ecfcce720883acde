import type { Db } from '../../db/index.js';
import type { Clock } from '../shared.js';
import { defineRepository } from '../registry.js';

/** Leases on records being saved, shared by every server process (infra/leases.ts). */
export function createEditLeasesRepository(db: Db, now: Clock) {
  return {
    /**
     * Takes the lease on `key` for `holder` until `leaseMs` from now, in one atomic statement: when
     * nobody holds it, or its holder's lease has lapsed. False when someone else holds it.
     */
    async take(key: string, holder: string, leaseMs: number): Promise<boolean> {
      const at = now();
      const row = await db
        .insertInto('edit_leases')
        .values({ key, holder, expires_at: at + leaseMs })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({ holder, expires_at: at + leaseMs })
            .where('edit_leases.expires_at', '<=', at),
        )
        .returning('holder')
        .executeTakeFirst();
      return row?.holder === holder;
    },

    /** Gives the lease back, if `holder` still holds it (a lapsed one may have passed to another). */
    async release(key: string, holder: string): Promise<void> {
      await db.deleteFrom('edit_leases').where('key', '=', key).where('holder', '=', holder).execute();
    },
  };
}

export type EditLeasesRepository = ReturnType<typeof createEditLeasesRepository>;

declare module '../registry.js' {
  interface Repositories {
    editLeases: EditLeasesRepository;
  }
}
export const repository = defineRepository('editLeases', createEditLeasesRepository);
