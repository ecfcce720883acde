/** `npm run db:migrate`: brings the database of DATABASE_URL to the latest schema. */
import { describeDatabase, runDatabaseCommand } from './run.js';

await runDatabaseCommand(async (_db, config) => {
  console.log(`Database migrated to the latest schema (${describeDatabase(config)}).`);
});
