/**
 * npm run attendances:import -- --session <id> --file <report.csv> [--timezone Europe/Rome] [--replace]
 * npm run attendances:import -- --session <id> --google
 *
 * Imports a Google Meet attendance CSV into a session, or runs the Google Reports import of one
 * session now (whatever its recorded state). Uses DATABASE_URL and the other settings of the server.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createDb } from '../db/index.js';
import { runAttendanceCli } from '../modules/attendances/cli.js';

const USAGE = `Uso:
  npm run attendances:import -- --session <id> --file <report.csv> [--timezone Europe/Rome] [--replace]
  npm run attendances:import -- --session <id> --google`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        session: { type: 'string' },
        file: { type: 'string' },
        timezone: { type: 'string' },
        replace: { type: 'boolean', default: false },
        google: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const sessionId = Number(values.session);
  if (!Number.isInteger(sessionId) || sessionId < 1 || Boolean(values.file) === values.google) {
    console.error(`Indica --session <id> e uno tra --file <report.csv> e --google.\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const db = await createDb(config.database, { queryTimeoutMs: config.dbQueryTimeoutSeconds * 1000 });
  try {
    const { ok, message } = await runAttendanceCli(db, config, {
      sessionId,
      file: values.file,
      timeZone: values.timezone,
      replace: values.replace,
      google: values.google,
    });
    (ok ? console.log : console.error)(message);
    return ok ? 0 : 1;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
