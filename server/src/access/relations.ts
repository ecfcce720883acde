/**
 * The relations to a record that routes check besides (or instead of) a permission: who may read
 * a team, a session, a course. A route names the one it checks in `config.relation`; the check
 * itself is the resource's own (modules/<resource>/access.ts), run by the handler because it
 * needs the record (404 when the record is missing, then 403). The API reference
 * (/api/openapi.json, docs/API-PERMISSIONS.md) shows the rule written here.
 */
export const RELATIONS = {
  'team-reader':
    'Team reader: a member of the team or its coordinator, an expert who follows it (limited access listing the team, or complete access), or a holder of read_teams.',
  'team-sessions-reader': 'Team sessions reader: a team reader of the team, or a holder of read_sessions.',
  'team-profile-editor':
    'Team profile editor: a member or the coordinator of the team, or a holder of update_teams. Without update_teams only the description (and the logo) may change: a different name, owner_id or drive_url is 403.',
  'session-reader':
    "Session reader: a holder of read_sessions, one of the session's experts, an expert with complete access; for a session attached to teams, a member or coordinator of one of them or a limited expert following one; for a session with no team (valid for every team), anyone who belongs to or follows at least one team.",
  'course-learner':
    'Learner rule: a holder of read_courses (every course), or a user with video-course access (mooc_access) and a published course; otherwise 403.',
  'course-lister':
    'A holder of read_courses (every course) or a user with video-course access (published courses only); anyone else 403.',
  'own-sign-in':
    "The caller's own sign-in: anyone signed in may end their own; another person's sign-in, or one already ended, is 404 (never 403: whether it exists is not the caller's business).",
  'back-office-staff': 'Any permission at all (the back-office staff), as the Admin menu item; 403 without one.',
} as const;

export type RelationName = keyof typeof RELATIONS;
