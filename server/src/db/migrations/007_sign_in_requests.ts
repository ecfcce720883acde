import type { Kysely } from 'kysely';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists

/**
 * Sign-in requests in progress: the server starts every sign-in and keeps, under the hash of its
 * `state`, the PKCE verifier and the `nonce` the ID token must carry, for a few minutes and for
 * one use. Access tokens remember the provider's ID token, so logout can end the provider session.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sign_in_requests')
    .addColumn('state_hash', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_requests_created_idx').on('sign_in_requests').column('created_at').execute();
  await db.schema.alterTable('access_tokens').addColumn('id_token', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('access_tokens').dropColumn('id_token').execute();
  await db.schema.dropTable('sign_in_requests').ifExists().execute();
}
