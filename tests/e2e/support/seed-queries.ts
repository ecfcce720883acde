import type Database from 'better-sqlite3';

/** Expectations come from the worker's own seeded database, so specs do not hard-code demo data. */

export interface SeedUser {
  id: number;
  name: string;
  surname: string;
  email: string;
  is_expert: number;
  expert_access: 'complete' | 'limited' | null;
  mooc_access: number;
}

export interface SeedTeam {
  id: number;
  name: string;
  drive_url: string | null;
}

export function userByEmail(db: Database.Database, email: string): SeedUser {
  const user = db.prepare('select * from users where email = ?').get(email) as SeedUser | undefined;
  if (!user) throw new Error(`The seed has no user ${email}`);
  return user;
}

export function teamsOf(db: Database.Database, userId: number): SeedTeam[] {
  return db
    .prepare(
      `select t.id, t.name, t.drive_url from teams t
       join team_members m on m.team_id = t.id where m.user_id = ? order by t.id`,
    )
    .all(userId) as SeedTeam[];
}

/** The teams an expert follows: all of them with complete access, the assigned ones with limited access. */
export function teamsAsExpert(db: Database.Database, user: SeedUser): SeedTeam[] {
  if (user.expert_access === 'complete') {
    return db.prepare('select id, name, drive_url from teams order by id').all() as SeedTeam[];
  }
  return db
    .prepare(
      `select t.id, t.name, t.drive_url from teams t
       join expert_teams e on e.team_id = t.id where e.user_id = ? order by t.id`,
    )
    .all(user.id) as SeedTeam[];
}

/** Sessions the user is an expert of, with the names of their teams. */
export function sessionsAsExpert(
  db: Database.Database,
  userId: number,
): Array<{ id: number; name: string; start_time: string }> {
  return db
    .prepare(
      `select s.id, s.name, s.start_time from sessions s
       join session_experts e on e.session_id = s.id where e.user_id = ? order by s.start_time`,
    )
    .all(userId) as Array<{ id: number; name: string; start_time: string }>;
}

export function permissionCount(db: Database.Database, userId: number): number {
  const row = db
    .prepare(
      `select count(*) as n from role_permissions rp
       join user_roles ur on ur.role_id = rp.role_id where ur.user_id = ?`,
    )
    .get(userId) as { n: number };
  return row.n;
}

export function tokenCount(db: Database.Database, userId: number): number {
  return (db.prepare('select count(*) as n from access_tokens where user_id = ?').get(userId) as { n: number }).n;
}
