/**
 * `npm run db:seed`: migrates, syncs the permission catalogue and writes the demo data when the
 * database has no users. `npm run db:seed -- --force` deletes ALL data first and reseeds.
 */
import { reseed, seedIfEmpty } from '../seed/index.js';
import { describeDatabase, runDatabaseCommand } from './run.js';

const force = process.argv.slice(2).includes('--force');

await runDatabaseCommand(async (db, config) => {
  const where = describeDatabase(config);
  if (force) {
    await reseed(db, config);
    console.log(`All data deleted and demo data written (${where}).`);
  } else if (await seedIfEmpty(db, config)) {
    console.log(`Demo data written (${where}).`);
  } else {
    console.log(`The database already has users: permission catalogue updated, demo data left alone (${where}). Use --force to wipe and reseed.`);
  }
});
