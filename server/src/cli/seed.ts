/**
 * `npm run db:seed`: migrates, syncs the permission catalogue and writes the demo data when the
 * database has no users. `npm run db:seed -- --force` deletes ALL data first and reseeds. With
 * OIDC_ISSUER set (a real provider) only the permission catalogue is updated.
 */
import { reseed, seedIfEmpty } from '../seed/index.js';
import { describeDatabase, runDatabaseCommand } from './run.js';

const force = process.argv.slice(2).includes('--force');

await runDatabaseCommand(async (db, config) => {
  const where = describeDatabase(config);
  if (config.oidc.external) {
    // Demo accounts exist only next to the development provider, never next to a real one.
    await seedIfEmpty(db, config);
    console.log(`OIDC_ISSUER is set: permission catalogue updated, no demo data written (${where}).`);
    if (force) {
      console.error(
        '--force refused: nothing was deleted. Demo data belongs to the development provider (no OIDC_ISSUER).',
      );
      process.exitCode = 1;
    }
    return;
  }
  if (force) {
    await reseed(db, config);
    console.log(`All data deleted and demo data written (${where}).`);
  } else if (await seedIfEmpty(db, config)) {
    console.log(`Demo data written (${where}).`);
  } else {
    console.log(
      `The database already has users: permission catalogue updated, demo data left alone (${where}). Use --force to wipe and reseed.`,
    );
  }
});
