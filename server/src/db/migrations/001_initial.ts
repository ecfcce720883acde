import { sql, type Kysely, type CreateTableBuilder } from 'kysely';

type AnyDb = Kysely<unknown>;

/** Auto-increment primary key that works on both dialects. */
function withId<T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

const now = sql`CURRENT_TIMESTAMP`;

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('surname', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('tax_id', 'varchar(32)')
    .addColumn('birthdate', 'varchar(10)')
    .addColumn('avatar', 'varchar(1024)')
    .addColumn('mobile', 'varchar(64)')
    .addColumn('is_expert', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expert_access', 'varchar(16)')
    .addColumn('mooc_access', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('oidc_subject', 'varchar(255)', (c) => c.unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();
  await db.schema.createIndex('users_surname_idx').on('users').columns(['surname', 'name']).execute();

  await db.schema
    .createTable('permissions')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('roles'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'varchar(1024)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission_name', 'varchar(64)', (c) => c.notNull().references('permissions.name').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission_name'])
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_roles_role_idx').on('user_roles').column('role_id').execute();

  await withId(db, db.schema.createTable('teams'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('avatar', 'varchar(1024)')
    .addColumn('drive_url', 'varchar(1024)')
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('teams_created_at_idx').on('teams').column('created_at').execute();
  await db.schema.createIndex('teams_owner_idx').on('teams').column('owner_id').execute();

  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
    .execute();
  await db.schema.createIndex('team_members_user_idx').on('team_members').column('user_id').execute();

  await db.schema
    .createTable('expert_teams')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('expert_teams_pk', ['user_id', 'team_id'])
    .execute();
  await db.schema.createIndex('expert_teams_team_idx').on('expert_teams').column('team_id').execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('start_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(32)')
    .addColumn('join_instructions', 'text', (c) => c.notNull())
    .addColumn('join_url', 'varchar(1024)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sessions_start_time_idx').on('sessions').column('start_time').execute();

  await db.schema
    .createTable('session_experts')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('session_experts_pk', ['session_id', 'user_id'])
    .execute();
  await db.schema.createIndex('session_experts_user_idx').on('session_experts').column('user_id').execute();

  await db.schema
    .createTable('session_teams')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('session_teams_pk', ['session_id', 'team_id'])
    .execute();
  await db.schema.createIndex('session_teams_team_idx').on('session_teams').column('team_id').execute();

  await withId(db, db.schema.createTable('attendances'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'varchar(255)')
    .addColumn('email', 'varchar(255)')
    .addColumn('joined_at', 'varchar(32)')
    .addColumn('left_at', 'varchar(32)')
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('external_key', 'varchar(512)', (c) => c.notNull())
    .addUniqueConstraint('attendances_identity_uq', ['session_id', 'source', 'external_key'])
    .execute();

  await db.schema
    .createTable('attendance_imports')
    .addColumn('session_id', 'integer', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('courses'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cover_url', 'varchar(1024)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull().defaultTo(now))
    .execute();

  await withId(db, db.schema.createTable('modules'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('cover_url', 'varchar(1024)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('modules_course_idx').on('modules').columns(['course_id', 'position']).execute();

  await withId(db, db.schema.createTable('lessons'))
    .addColumn('module_id', 'integer', (c) => c.notNull().references('modules.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('video_url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('video_length', 'double precision')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('lessons_module_idx').on('lessons').columns(['module_id', 'position']).execute();

  await db.schema
    .createTable('lesson_progress')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('position', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('watched', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('covered_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_sync_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('lesson_progress_pk', ['user_id', 'lesson_id'])
    .execute();
  await db.schema.createIndex('lesson_progress_lesson_idx').on('lesson_progress').column('lesson_id').execute();

  await withId(db, db.schema.createTable('access_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('used_auth_codes')
    .addColumn('code_hash', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('used_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'used_auth_codes',
    'access_tokens',
    'lesson_progress',
    'lessons',
    'modules',
    'courses',
    'attendance_imports',
    'attendances',
    'session_teams',
    'session_experts',
    'sessions',
    'expert_teams',
    'team_members',
    'teams',
    'user_roles',
    'role_permissions',
    'roles',
    'permissions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
