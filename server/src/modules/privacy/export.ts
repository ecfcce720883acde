import { sql, type Kysely } from 'kysely';
import { Type, type Static, type TSchema } from 'typebox';
import type { Database, UserRow } from '../../db/schema.js';
import { PERSON_ENTITY_TYPES } from './erasure.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * One kind of personal data in "I miei dati" (GET /api/user/export): its key in the document,
 * its shape, and how it is read for one person. A new table holding personal data adds a section
 * here, and the document, its response schema and the export test follow.
 *
 * Not in the document, because they do not point at a person: sign-in requests (a state, a PKCE
 * verifier and a nonce, minutes long, before anyone is known), used authorization codes (hashes),
 * edit leases (a random holder per save), rate-limit counters (addresses and ids, a minute long),
 * uploaded images (team logos and course covers; a person's picture is the provider's URL, in `user`).
 */
interface Section<K extends string, S extends TSchema> {
  key: K;
  schema: S;
  /** The person's data of this kind; `user` is undefined when the account no longer exists. */
  collect(db: Kysely<Database>, userId: number, user: UserRow | undefined): Promise<Static<S>>;
}

const section = <const K extends string, S extends TSchema>(s: Section<K, S>) => s;

const UserData = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  surname: Type.String(),
  email: Type.String(),
  tax_id: Nullable(Type.String()),
  birthdate: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  avatar: Nullable(Type.String({ description: "The picture's URL, as the identity provider gave it" })),
  is_expert: Type.Boolean(),
  expert_access: Nullable(Type.String()),
  mooc_access: Type.Boolean(),
  oidc_subject: Nullable(Type.String({ description: 'Who the person is at the identity provider' })),
  created_at: Type.String(),
  updated_at: Type.String(),
});

const Stay = Type.Object({ joined_at: Type.String(), left_at: Nullable(Type.String()) });

const AuditData = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  by_me: Type.Boolean(),
  action: Type.String(),
  entity_type: Type.String(),
  entity_id: Nullable(Type.Integer()),
  changes: Type.Record(Type.String(), Type.Array(Type.Unknown())),
});

/** Columns of a sign-in that are never shown, whatever columns the table gains. */
const SECRET_COLUMN = /token|hash|secret|nonce|verifier/i;

export const SECTIONS = [
  section({
    key: 'user',
    schema: Nullable(UserData),
    async collect(_db, _userId, user) {
      if (!user) return null;
      return {
        id: user.id,
        name: user.name,
        surname: user.surname,
        email: user.email,
        tax_id: user.tax_id,
        birthdate: user.birthdate,
        mobile: user.mobile,
        avatar: user.avatar,
        is_expert: Boolean(user.is_expert),
        expert_access: user.expert_access,
        mooc_access: Boolean(user.mooc_access),
        oidc_subject: user.oidc_subject,
        created_at: user.created_at,
        updated_at: user.updated_at,
      };
    },
  }),
  section({
    key: 'roles',
    schema: Type.Array(
      Type.Object({ id: Type.Integer(), name: Type.String(), permissions: Type.Array(Type.String()) }),
    ),
    async collect(db, userId) {
      const rows = await db
        .selectFrom('user_roles')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .leftJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
        .select(['roles.id', 'roles.name', 'role_permissions.permission_name'])
        .where('user_roles.user_id', '=', userId)
        .orderBy('roles.id')
        .orderBy('role_permissions.permission_name')
        .execute();
      const roles = new Map<number, { id: number; name: string; permissions: string[] }>();
      for (const row of rows) {
        const role = roles.get(row.id) ?? { id: row.id, name: row.name, permissions: [] };
        if (row.permission_name) role.permissions.push(row.permission_name);
        roles.set(row.id, role);
      }
      return [...roles.values()];
    },
  }),
  section({
    key: 'teams',
    schema: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        member: Type.Boolean({ description: 'A member now' }),
        coordinator: Type.Boolean(),
        followed_as_expert: Type.Boolean(),
        stays: Type.Array(Stay, { description: 'Membership periods, the current one with a null left_at' }),
      }),
    ),
    async collect(db, userId) {
      const [current, past, owned, followed] = await Promise.all([
        db.selectFrom('team_members').select(['team_id', 'joined_at']).where('user_id', '=', userId).execute(),
        db
          .selectFrom('past_team_members')
          .select(['team_id', 'joined_at', 'left_at'])
          .where('user_id', '=', userId)
          .orderBy('joined_at')
          .execute(),
        db.selectFrom('teams').select('id as team_id').where('owner_id', '=', userId).execute(),
        db.selectFrom('expert_teams').select('team_id').where('user_id', '=', userId).execute(),
      ]);
      const ids = [...new Set([...current, ...past, ...owned, ...followed].map((r) => r.team_id))];
      if (!ids.length) return [];
      const teams = await db.selectFrom('teams').select(['id', 'name']).where('id', 'in', ids).orderBy('id').execute();
      return teams.map((team) => {
        const now = current.find((m) => m.team_id === team.id);
        return {
          id: team.id,
          name: team.name,
          member: Boolean(now),
          coordinator: owned.some((o) => o.team_id === team.id),
          followed_as_expert: followed.some((f) => f.team_id === team.id),
          stays: [
            ...past.filter((p) => p.team_id === team.id).map((p) => ({ joined_at: p.joined_at, left_at: p.left_at })),
            ...(now ? [{ joined_at: now.joined_at, left_at: null }] : []),
          ],
        };
      });
    },
  }),
  section({
    key: 'sessions_as_expert',
    schema: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        start_time: Type.String(),
        end_time: Nullable(Type.String()),
      }),
    ),
    async collect(db, userId) {
      return db
        .selectFrom('session_experts')
        .innerJoin('sessions', 'sessions.id', 'session_experts.session_id')
        .select(['sessions.id', 'sessions.name', 'sessions.start_time', 'sessions.end_time'])
        .where('session_experts.user_id', '=', userId)
        .orderBy('sessions.start_time')
        .orderBy('sessions.id')
        .execute();
    },
  }),
  section({
    key: 'attendances',
    schema: Type.Array(
      Type.Object({
        id: Type.Integer(),
        session_id: Type.Integer(),
        session_name: Type.String(),
        joined_at: Nullable(Type.String()),
        left_at: Nullable(Type.String()),
        name: Nullable(Type.String({ description: 'The name the meeting source recorded' })),
        email: Nullable(Type.String({ description: 'The e-mail the meeting source recorded' })),
        source: Type.String(),
        matched: Type.Boolean({ description: 'Linked to the account (else found by the e-mail)' }),
      }),
    ),
    async collect(db, userId, user) {
      const email = user?.email.toLowerCase();
      const rows = await db
        .selectFrom('attendances')
        .innerJoin('sessions', 'sessions.id', 'attendances.session_id')
        .select([
          'attendances.id',
          'attendances.session_id',
          'sessions.name as session_name',
          'attendances.joined_at',
          'attendances.left_at',
          'attendances.name',
          'attendances.email',
          'attendances.source',
          'attendances.user_id',
        ])
        .where((eb) =>
          eb.or([
            eb('attendances.user_id', '=', userId),
            ...(email
              ? [eb.and([eb('attendances.user_id', 'is', null), eb(sql<string>`lower(attendances.email)`, '=', email)])]
              : []),
          ]),
        )
        .orderBy('attendances.joined_at')
        .orderBy('attendances.id')
        .execute();
      return rows.map(({ user_id, ...row }) => ({ ...row, matched: user_id === userId }));
    },
  }),
  section({
    key: 'lesson_progress',
    schema: Type.Array(
      Type.Object({
        lesson_id: Type.Integer(),
        lesson_name: Type.String(),
        course_id: Type.Integer(),
        course_name: Type.String(),
        position: Type.Number({ description: 'Where the video resumes, seconds' }),
        covered_seconds: Type.Number(),
        watched: Type.Array(Type.Array(Type.Number()), { description: '[start, end] seconds watched' }),
        completed: Type.Boolean(),
        updated_at: Type.String(),
      }),
    ),
    async collect(db, userId) {
      const rows = await db
        .selectFrom('lesson_progress')
        .innerJoin('lessons', 'lessons.id', 'lesson_progress.lesson_id')
        .innerJoin('modules', 'modules.id', 'lessons.module_id')
        .innerJoin('courses', 'courses.id', 'modules.course_id')
        .select([
          'lesson_progress.lesson_id',
          'lessons.name as lesson_name',
          'courses.id as course_id',
          'courses.name as course_name',
          'lesson_progress.position',
          'lesson_progress.covered_seconds',
          'lesson_progress.watched',
          'lesson_progress.completed',
          'lesson_progress.updated_at',
        ])
        .where('lesson_progress.user_id', '=', userId)
        .orderBy('lesson_progress.lesson_id')
        .execute();
      return rows.map((row) => ({
        ...row,
        position: Number(row.position),
        covered_seconds: Number(row.covered_seconds),
        watched: JSON.parse(row.watched) as number[][],
        completed: Boolean(row.completed),
      }));
    },
  }),
  section({
    key: 'audit',
    schema: Type.Array(AuditData, { description: 'Records about the person or made by them' }),
    async collect(db, userId, user) {
      // Once the account is gone its records stay, pseudonymised (erasure.ts): nobody's to export.
      if (!user) return [];
      const reports = db.selectFrom('accessibility_reports').select('id').where('user_id', '=', userId);
      const rows = await db
        .selectFrom('audit_log')
        .select(['id', 'at', 'actor_id', 'action', 'entity_type', 'entity_id', 'changes'])
        .where((eb) =>
          eb.or([
            eb('actor_id', '=', userId),
            eb.and([eb('entity_type', 'in', [...PERSON_ENTITY_TYPES]), eb('entity_id', '=', userId)]),
            eb.and([eb('entity_type', '=', 'accessibility_report'), eb('entity_id', 'in', reports)]),
            eb.and([eb('entity_type', '=', 'lesson_progress'), eb('changes', 'like', `%"user_id":[${userId},%`)]),
          ]),
        )
        .orderBy('at')
        .orderBy('id')
        .execute();
      return rows.map(({ actor_id, changes, ...row }) => ({
        ...row,
        by_me: actor_id === userId,
        changes: JSON.parse(changes) as Record<string, unknown[]>,
      }));
    },
  }),
  section({
    key: 'calendar_feed',
    schema: Type.Object({
      active: Type.Boolean({ description: 'A private calendar address exists (the address itself is not shown)' }),
      created_at: Nullable(Type.String()),
    }),
    async collect(db, userId) {
      const feed = await db
        .selectFrom('calendar_feeds')
        .select('created_at')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return { active: Boolean(feed), created_at: feed?.created_at ?? null };
    },
  }),
  section({
    key: 'accessibility_reports',
    schema: Type.Array(
      Type.Object({
        id: Type.Integer(),
        reporter_name: Type.String(),
        reporter_email: Type.String(),
        page_url: Nullable(Type.String()),
        description: Type.String(),
        state: Type.String(),
        created_at: Type.String(),
        updated_at: Type.String(),
      }),
    ),
    async collect(db, userId, user) {
      const email = user?.email.toLowerCase();
      return db
        .selectFrom('accessibility_reports')
        .select([
          'id',
          'reporter_name',
          'reporter_email',
          'page_url',
          'description',
          'state',
          'created_at',
          'updated_at',
        ])
        .where((eb) =>
          eb.or([eb('user_id', '=', userId), ...(email ? [eb(sql<string>`lower(reporter_email)`, '=', email)] : [])]),
        )
        .orderBy('id')
        .execute();
    },
  }),
  section({
    key: 'sign_ins',
    schema: Type.Array(
      Type.Object(
        { id: Type.Integer(), created_at: Type.String(), expires_at: Type.String() },
        // Whatever else the table records about a sign-in (its browser, its last use) comes too.
        { additionalProperties: true, description: 'Active sign-ins; their tokens are never shown' },
      ),
    ),
    async collect(db, userId) {
      const rows = await db
        .selectFrom('access_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => {
        const shown: Record<string, unknown> = {};
        for (const [column, value] of Object.entries(row))
          if (!SECRET_COLUMN.test(column) && column !== 'user_id') shown[column] = value;
        return shown as { id: number; created_at: string; expires_at: string };
      });
    },
  }),
  section({
    key: 'erasure_requests',
    schema: Type.Array(
      Type.Object({
        id: Type.Integer(),
        status: Type.String(),
        requested_at: Type.String(),
        completed_at: Nullable(Type.String()),
      }),
    ),
    async collect(db, userId) {
      return db
        .selectFrom('erasure_requests')
        .select(['id', 'status', 'requested_at', 'completed_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },
  }),
] as const;

type Sections = typeof SECTIONS;
export type PersonalDataExport = { generated_at: string } & {
  [S in Sections[number] as S['key']]: Static<S['schema']>;
};

/** The document's response schema: one property per section. */
export const PersonalDataExportSchema = Type.Object({
  generated_at: Type.String(),
  ...Object.fromEntries(SECTIONS.map((s) => [s.key, s.schema])),
});

/** Everything Percorso holds about the person, one section per kind. */
export async function collectPersonalData(
  db: Kysely<Database>,
  userId: number,
  at: string,
): Promise<PersonalDataExport> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  const values = await Promise.all(SECTIONS.map((s) => s.collect(db, userId, user)));
  return Object.assign(
    { generated_at: at },
    Object.fromEntries(SECTIONS.map((s, i) => [s.key, values[i]])),
  ) as unknown as PersonalDataExport;
}
