/**
 * The prose of the API reference that belongs to no single route: the introduction and what each
 * module's routes share (the tag descriptions). Each route's access rule is not written here: it
 * comes from the route's own options (http/openapi.ts).
 */

export const API_INTRODUCTION = `The HTTP API of Percorso, generated from the routes' own schemas.

**Authentication.** Every /api route needs a valid bearer token (\`Authorization: Bearer …\`, from
the sign-in exchange \`POST /api/auth/callback\`) unless its access is \`public\`; without one it
answers 401. Each route says what it checks besides, as text and in two extensions:
\`x-permission\` (\`public\`, \`signed-in\`, a permission name, or a list of which any one is
enough; "developer" passes every permission check) and, for a relation to the record,
\`x-relation\`.

**Errors.** Every error answer is \`{message, errors?, reason?}\` with an Italian \`message\`; a
request that is not valid answers **422** with \`errors\` mapping each invalid field to its
messages (components \`ValidationError\`, \`ValidationFailed\`). A missing record is 404, a refused
permission or relation 403, too many requests 429 with \`Retry-After\`, a database out of reach 503
with \`Retry-After\`.

**Lists** answer at most 100 rows a page: a \`per_page\` above that is refused with 422 ("Il campo
elementi per pagina non può superare 100.") rather than cut short, so an API client learns the limit
and pages. The lists the portal and the back-office read whole allow up to 10000: a team's sessions
(\`GET /api/teams/{id}/sessions\` and \`/sessions/upcoming\`), the courses, a course's modules, a
module's lessons and the roles (\`WHOLE_LIST_PER_PAGE\` in server/src/http/listing.ts).

**Lesson videos** under \`/storage/\` (the demo videos and the media files of STORAGE_DIR, read-only)
are served only at the signed address a lesson's answer gives in \`playback_url\` to whoever may read
the lesson: valid for 3 to 4 hours, an HMAC of the path and the expiry with the calendar feed key;
without it, or once expired, 403 ("Il link al video non è valido o è scaduto: riapri la lezione.").
Only audio and video files are served there; anything else, the calendar feed key file and dot files
among them, is a 404. The uploaded images under \`/storage/teams/\`, \`/storage/courses/\` and
\`/storage/modules/\` are public.

**Ids in a path** have one spelling, digits without a leading zero: another spelling of a number
(\`/api/teams/01\`, \`1e1\`, \`1.0\`) answers 404 after the sign-in and permission checks; what is no
number at all (\`abc\`, \`0\`, \`-1\`) is the schema's 422.

**Edits that cross.** The GET and PUT of a team, session, role, expert, course, module or lesson
answer an \`ETag\`, the version of the fields its PUT body carries (not of what else the answer
shows, such as a team's members). A PUT that sends it back as \`If-Match\` is refused with **412**
("Nel frattempo un'altra persona ha modificato questo elemento…") when those fields changed since,
after the sign-in, permission, existence and body checks; without \`If-Match\` a PUT applies as it
always did. The PUTs of one record run one at a time, the version check and the write together, so
two saves sent at once on the same version give one 200 and one 412, across processes and hosts
too (a lease in the database, \`edit_leases\`, that lapses after 30 s if its process dies).

**Audit trail.** Every change made through the API is recorded in the same transaction as the
change: who, when, the action (\`create\`, \`update\`, \`delete\`, \`sign_in\`, \`sign_out\`, \`import\`,
\`reset\`, \`regenerate\`), the entity type and id, and the changed fields as
\`{field: [before, after]}\` (never tokens or secrets). An update that changes nothing records
nothing. Records older than \`AUDIT_RETENTION_DAYS\` (default 730) are purged once a day.`;

/** What the routes of each module (modules/index.ts) share; the module's name is the tag. */
export const MODULE_DESCRIPTIONS: Record<string, string> = {
  'accessibility-reports': `The feedback mechanism of the accessibility statement (/accessibilita). States: \`new\`
(nuova), \`in_progress\` (in lavorazione), \`resolved\` (risolta); each report carries \`answer_by\`, 30 days after
it was sent. A description is required and at most 5,000 characters. Anyone may send one: whoever cannot sign in,
because of a barrier on the sign-in page among other reasons, must still be able to say so. A signed-in user's name
and e-mail are stored with the report; a visitor gives \`name\` and \`email\` and may send 10 an hour per address
(429 after).`,
  attendances: `Session attendances imported from the meeting provider. A missing session is 404 ("Sessione non
trovata.") after the permission check. Times are in UTC SQL format; name and e-mail are the matched user's, else as
reported, null when unknown.`,
  audit: `The audit trail, newest first: \`page\`, \`per_page\`, \`filter[actor_id]\`, \`filter[entity_type]\`,
\`filter[entity_id]\`, \`filter[from]\`, \`filter[to]\` (a \`YYYY-MM-DD\` day is a Rome calendar day; otherwise an
ISO instant); invalid filters 422.`,
  auth: `Sign-in through the OpenID Connect provider. \`login\` starts a sign-in (PKCE, state and nonce kept on the
server) and answers the provider's authorize URL; \`callback\` exchanges the code: each code is accepted once, only
with the state of a sign-in the server started in the last 10 minutes. Both are rate limited per client address
(AUTH_RATE_LIMIT per minute, default 10). \`logout\` revokes the token and answers the provider's end-session URL
when there is one.`,
  calendar: `Every signed-in user has one secret calendar feed URL (\`calendar_feed_url\` in GET /api/user,
\`{PUBLIC_URL}/api/calendar/{token}.ics\`): the URL is the credential, as calendar applications send no token. The
token is derived from \`CALENDAR_FEED_KEY\` (or a key file created in the storage folder) and a random value kept per
user; the database stores only its SHA-256. The feed holds the sessions the user sees in the portal, from 90 days
back. An unknown or replaced token is 404; a new URL replaces the previous one at once (audited as \`regenerate\`).`,
  config: 'The public settings the SPA needs before sign-in (provider settings; no secret).',
  courses: `Video courses. A missing course (or one that belongs to another parent) is 404; write routes check the
permission first (403), then that the parent exists (404). Deleting a course removes its modules, lessons,
progress and covers.`,
  'course-modules': `The modules of a video course. A \`position\` another module of the course holds is 422 under
the field (a unique index keeps it so when two saves meet). \`move\` (body \`{direction: "earlier"|"later"}\`) swaps
the module's position with the nearest module before or after it in one transaction, both changes audited, and
answers the two modules, the moved one first: 422 at the first or last place, 409 when another write changed the
order at the same moment. On PostgreSQL a move, a save and a creation in one course's order run one after another.`,
  lessons: `The lessons of a module. Positions and \`move\` work as for modules (404 also for a lesson of another
module). \`sync\` records the caller's own progress only.`,
  experts: `Experts: users with expert access, complete or limited to the teams listed. Deleting an expert keeps
the user, no longer an expert, and removes their expert teams and session-expert links.`,
  permissions: 'The permission catalogue, with the description the role editor shows.',
  reports: `Participation and learning reports, their spreadsheets and the back-office dashboard. How each figure
is computed is written at the top of \`server/src/modules/reports/repository.ts\`. Dates are Europe/Rome days
\`YYYY-MM-DD\` (default the current quarter, at most two years). Only sessions already started count; a member is
expected only at the sessions that start while they are in the team. Bad dates or filters answer 422; a team or
course that does not exist, 404.`,
  roles: `Roles and the permissions they hold. Roles that hold "developer" can only be created, changed to add or
remove it, deleted, assigned or removed from a user by a developer (422 otherwise).`,
  sessions: `Sessions of the programme. A session with no team is valid for every team. Attendances are included
in session answers only for holders of read_sessions. A missing session is 404 before any relation check.`,
  stats: "The back-office dashboard's four counts.",
  teams: `Teams, their members and the team's percorso (its sessions). A missing team is 404 before any relation
check; a relation refused is 403. A membership that ends is kept, with its dates, for the reports of the time the
person was in the team. Deleting a team removes its members, expert links and session links; sessions attached to
this team alone are deleted too.`,
  me: "The signed-in caller's own profile and permissions.",
  users: `People. \`filter[developer]=true\` keeps incubator staff (a user holding at least one role), \`=false\`
the others; any other value is 422. Nobody takes a role away from themselves (422), only a developer deletes a user
holding a role with "developer", and nobody deletes themselves. Deleting a user cascades; teams they coordinated keep
working with owner null.`,
  reference: 'This reference: the OpenAPI document the documentation page (/api/docs) reads.',
  // @new-resource: module descriptions (npm run new:resource adds a resource's description above this line)
};

/** Tags of the routes outside /api that are part of the reference. */
export const OUTSIDE_API_DESCRIPTIONS: Record<string, string> = {
  health: `Probes for a reverse proxy or an orchestrator, outside /api, without a token: they reveal nothing but
whether the process and its database serve (docs/DEPLOYING.md). Not written to the request log.`,
  storage: `Uploaded images (team logos, course and module covers), served from the database with an immutable
cache and an ETag; the API's answers link to them. Other files under /storage (demo videos and STORAGE_DIR) are
served read-only as static files and are not listed here; the calendar feed key file and dot files are never served.`,
};
