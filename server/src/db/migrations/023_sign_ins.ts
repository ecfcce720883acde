import { sql, type Kysely } from 'kysely';
import { isPostgres } from './001_initial.js';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

/**
 * Sign-ins a person can see and end, identities keyed on their provider, demo accounts marked.
 *
 * - `access_tokens.public_id`: the opaque id a sign-in is listed and ended by (never the token nor
 *   its hash); `user_agent`: the browser that signed in, shown as "Chrome su Linux".
 * - `access_token_uses`: when each token was last used, at most once a minute (plugins/auth.ts).
 *   A table of its own: the auth cache and, on PostgreSQL, the change announcements follow writes
 *   to `access_tokens`; a use is not a change of who holds what and must not empty them.
 * - `users.oidc_issuer`: with `oidc_subject`, the identity at the provider (unique together). Rows
 *   linked before have none: the server gives them the issuer it is configured with at its first
 *   start with this code (auth/identities.ts, `adoptLegacyIdentities`), as a migration does not
 *   know the configuration. SQLite cannot drop the old UNIQUE(oidc_subject), nor a column that has
 *   it: there the old column is renamed `legacy_oidc_subject` (left empty) and a new one added.
 * - `users.demo`: the accounts the demo seed wrote. Rows written before are recognised by their
 *   reserved example.com address that no provider identity other than the development provider's
 *   (`user-<id>`) ever linked.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  const timestamp = postgres ? 'timestamptz' : 'varchar(32)';

  await db.schema.alterTable('access_tokens').addColumn('public_id', 'varchar(32)').execute();
  await db.schema.alterTable('access_tokens').addColumn('user_agent', 'varchar(512)').execute();
  await (
    postgres
      ? sql`update access_tokens set public_id = substr(md5(random()::text || id::text || clock_timestamp()::text), 1, 24)`
      : sql`update access_tokens set public_id = lower(hex(randomblob(12)))`
  ).execute(db);
  if (postgres) await sql`alter table access_tokens alter column public_id set not null`.execute(db);
  await db.schema.createIndex('access_tokens_public_id_idx').on('access_tokens').column('public_id').unique().execute();
  await db.schema.createIndex('access_tokens_user_idx').on('access_tokens').column('user_id').execute();

  await db.schema
    .createTable('access_token_uses')
    .addColumn('token_id', 'integer', (c) => c.primaryKey().references('access_tokens.id').onDelete('cascade'))
    .addColumn('last_used_at', timestamp, (c) => c.notNull())
    .execute();

  if (postgres) {
    await sql`alter table users drop constraint if exists users_oidc_subject_key`.execute(db);
  } else {
    await sql`alter table users rename column oidc_subject to legacy_oidc_subject`.execute(db);
    await db.schema.alterTable('users').addColumn('oidc_subject', 'varchar(255)').execute();
    await sql`update users set oidc_subject = legacy_oidc_subject, legacy_oidc_subject = null`.execute(db);
  }
  await db.schema.alterTable('users').addColumn('oidc_issuer', 'varchar(1024)').execute();
  await db.schema
    .createIndex('users_oidc_identity_idx')
    .on('users')
    .columns(['oidc_issuer', 'oidc_subject'])
    .unique()
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('demo', postgres ? 'boolean' : 'integer', (c) => c.notNull().defaultTo(postgres ? false : 0))
    .execute();
  await sql`update users set demo = ${postgres ? sql`true` : sql`1`}
    where lower(email) like '%@example.com' and (oidc_subject is null or oidc_subject like 'user-%')`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema.alterTable('users').dropColumn('demo').execute();
  await db.schema.dropIndex('users_oidc_identity_idx').execute();
  await db.schema.alterTable('users').dropColumn('oidc_issuer').execute();
  if (postgres) {
    await sql`alter table users add constraint users_oidc_subject_key unique (oidc_subject)`.execute(db);
  } else {
    await sql`update users set legacy_oidc_subject = oidc_subject`.execute(db);
    await db.schema.alterTable('users').dropColumn('oidc_subject').execute();
    await sql`alter table users rename column legacy_oidc_subject to oidc_subject`.execute(db);
  }
  await db.schema.dropTable('access_token_uses').execute();
  await db.schema.dropIndex('access_tokens_user_idx').execute();
  await db.schema.dropIndex('access_tokens_public_id_idx').execute();
  await db.schema.alterTable('access_tokens').dropColumn('user_agent').execute();
  await db.schema.alterTable('access_tokens').dropColumn('public_id').execute();
}
