import { Type, type Static } from 'typebox';
import { Data, DbId, DeletedRecord, Page, Name, FreeText } from '../../http/schemas.js';

/** A person as teams and sessions show them (coordinator, members, session experts). */
export const PersonSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  surname: Type.String(),
  email: Type.String(),
  mobile: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.Union([Type.String(), Type.Null()]),
});
export type PersonSummary = Static<typeof PersonSummary>;

/** A team in lists (GET /api/teams). */
export const TeamSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.Union([Type.String(), Type.Null()]),
  drive_url: Type.Union([Type.String(), Type.Null()]),
  owner_id: Type.Union([Type.Integer(), Type.Null()]),
  owner: Type.Union([PersonSummary, Type.Null()]),
  members_count: Type.Integer(),
  created_at: Type.String(),
});
export type TeamSummary = Static<typeof TeamSummary>;

/** A member of a team, and since when (ISO instant): they are expected at its sessions from then on. */
export const TeamMember = Type.Intersect([PersonSummary, Type.Object({ joined_at: Type.String() })]);
export type TeamMember = Static<typeof TeamMember>;

/** Someone who was in the team, from when until when (ISO instants): the reports of that time count them. */
export const PastTeamMember = Type.Intersect([
  PersonSummary,
  Type.Object({ joined_at: Type.String(), left_at: Type.String() }),
]);
export type PastTeamMember = Static<typeof PastTeamMember>;

/** One team with its members (GET /api/teams/{id}). */
export const TeamDetail = Type.Intersect([TeamSummary, Type.Object({ members: Type.Array(TeamMember) })]);
export type TeamDetail = Static<typeof TeamDetail>;

const OptionalText = Type.Optional(Type.Union([FreeText(5000), Type.Null()]));
const OptionalUrl = Type.Optional(Type.Union([Type.String({ format: 'uri', maxLength: 1024 }), Type.Null()]));

/** POST /api/teams. */
export const TeamCreateBody = Type.Object({
  name: Name(),
  description: OptionalText,
  owner_id: Type.Optional(Type.Union([DbId, Type.Null()])),
  drive_url: OptionalUrl,
});
export type TeamCreateBody = Static<typeof TeamCreateBody>;

/**
 * PUT /api/teams/{id}: every field optional so that a member can send only the description;
 * a name that is sent must not be empty.
 */
export const TeamUpdateBody = Type.Object({
  name: Type.Optional(Name()),
  description: OptionalText,
  owner_id: Type.Optional(Type.Union([DbId, Type.Null()])),
  drive_url: OptionalUrl,
});
export type TeamUpdateBody = Static<typeof TeamUpdateBody>;

export const TeamMemberParams = Type.Object({ id: DbId, userId: DbId });
export type TeamMemberParams = Static<typeof TeamMemberParams>;

/**
 * POST /api/teams/{id}/users/{userId}: the Europe/Rome day the member joined the team, when not
 * today (no body, or no `joined_on`, is today).
 */
export const TeamMemberAddBody = Type.Object({ joined_on: Type.Optional(Type.String({ format: 'date' })) });
export type TeamMemberAddBody = Static<typeof TeamMemberAddBody>;

/** PUT /api/teams/{id}/users/{userId}: the Europe/Rome day the member joined the team. */
export const TeamMemberUpdateBody = Type.Object({ joined_on: Type.String({ format: 'date' }) });
export type TeamMemberUpdateBody = Static<typeof TeamMemberUpdateBody>;

export const TeamSessionParams = Type.Object({ id: DbId, sessionId: DbId });
export type TeamSessionParams = Static<typeof TeamSessionParams>;

export const TeamListResponse = Page(TeamSummary);
export const TeamResponse = Data(TeamDetail);
/** GET, POST, PUT and DELETE /api/teams/{id}/users[/{userId}]: the team's members after the call. */
export const TeamMembersResponse = Data(Type.Array(TeamMember));
/** GET /api/teams/{id}/past-users: who left the team, the latest departure first; once per stay. */
export const PastTeamMembersResponse = Data(Type.Array(PastTeamMember));
export const TeamDeletedResponse = Data(DeletedRecord);
