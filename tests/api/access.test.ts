import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import { addMember, hoursFromNow, makeExpert, makeSession, makeTeam } from './backoffice-fixtures.js';

type Caller = { id: number; headers: Record<string, string> };

/**
 * The team and session access rules as one matrix: who may read a team, its members and sessions, and a
 * session, and who may edit the team's description.
 */
describe.each(databases)('team and session access rules (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const who: Record<string, Caller> = {};
  let team = 0;
  let teamSession = 0;
  let otherSession = 0;
  let forAll = 0;

  beforeAll(async () => {
    team = await makeTeam(ctx.db, { name: 'Matrice' });
    const other = await makeTeam(ctx.db, { name: 'Altra' });
    who.member = await ctx.user();
    await addMember(ctx.db, team, who.member.id);
    who.coordinator = await ctx.user();
    await ctx.db.updateTable('teams').set({ owner_id: who.coordinator.id }).where('id', '=', team).execute();
    who.limitedExpert = await makeExpert(ctx, 'limited', [team]);
    who.limitedElsewhere = await makeExpert(ctx, 'limited', [other]);
    who.completeExpert = await makeExpert(ctx, 'complete');
    who.teamsAdmin = await ctx.user({}, ['read_teams', 'update_teams']);
    who.sessionsAdmin = await ctx.user({}, ['read_sessions']);
    who.developer = await ctx.user({}, ['developer']);
    who.otherMember = await ctx.user();
    await addMember(ctx.db, other, who.otherMember.id);
    who.outsider = await ctx.user();
    teamSession = await makeSession(ctx.db, { teams: [team], start_time: hoursFromNow(5) });
    otherSession = await makeSession(ctx.db, { teams: [other], start_time: hoursFromNow(6) });
    forAll = await makeSession(ctx.db, { start_time: hoursFromNow(7) });
  });

  const status = async (caller: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
    (await ctx.app.inject({ method, url: url.replace('{team}', String(team)), headers: who[caller].headers, payload }))
      .statusCode;

  const allowed: Record<string, string[]> = {
    'GET /api/teams/{team}': ['member', 'coordinator', 'limitedExpert', 'completeExpert', 'teamsAdmin', 'developer'],
    'GET /api/teams/{team}/users': [
      'member',
      'coordinator',
      'limitedExpert',
      'completeExpert',
      'teamsAdmin',
      'developer',
    ],
    'GET /api/teams/{team}/sessions': [
      'member',
      'coordinator',
      'limitedExpert',
      'completeExpert',
      'teamsAdmin',
      'sessionsAdmin',
      'developer',
    ],
    'GET /api/teams/{team}/sessions/upcoming': [
      'member',
      'coordinator',
      'limitedExpert',
      'completeExpert',
      'teamsAdmin',
      'sessionsAdmin',
      'developer',
    ],
    'GET /api/teams/{team}/sessions/next': [
      'member',
      'coordinator',
      'limitedExpert',
      'completeExpert',
      'teamsAdmin',
      'sessionsAdmin',
      'developer',
    ],
    'PUT /api/teams/{team}': ['member', 'coordinator', 'teamsAdmin', 'developer'],
  };

  for (const [route, callers] of Object.entries(allowed)) {
    it(`${route}: allowed to ${callers.join(', ')}; 403 for everyone else`, async () => {
      const [method, url] = route.split(' ') as ['GET' | 'PUT', string];
      for (const caller of Object.keys(who)) {
        const payload = method === 'PUT' ? { description: `Scritta da ${caller}` } : undefined;
        expect(await status(caller, method, url, payload), caller).toBe(callers.includes(caller) ? 200 : 403);
      }
    });
  }

  it("GET /api/sessions/{id}: the team's people, its experts and read_sessions", async () => {
    const teamReaders = ['member', 'coordinator', 'limitedExpert', 'completeExpert', 'sessionsAdmin', 'developer'];
    for (const caller of Object.keys(who)) {
      expect(await status(caller, 'GET', `/api/sessions/${teamSession}`), caller).toBe(
        teamReaders.includes(caller) ? 200 : 403,
      );
    }
    const otherReaders = ['otherMember', 'limitedElsewhere', 'completeExpert', 'sessionsAdmin', 'developer'];
    for (const caller of Object.keys(who)) {
      expect(await status(caller, 'GET', `/api/sessions/${otherSession}`), caller).toBe(
        otherReaders.includes(caller) ? 200 : 403,
      );
    }
    const anyTeam = [
      'member',
      'coordinator',
      'limitedExpert',
      'limitedElsewhere',
      'completeExpert',
      'sessionsAdmin',
      'developer',
      'otherMember',
    ];
    for (const caller of Object.keys(who)) {
      expect(await status(caller, 'GET', `/api/sessions/${forAll}`), caller).toBe(anyTeam.includes(caller) ? 200 : 403);
    }
  });

  it('GET /api/teams/{team}/sessions/{id}: only sessions valid for that team', async () => {
    expect(await status('member', 'GET', `/api/teams/{team}/sessions/${teamSession}`)).toBe(200);
    expect(await status('member', 'GET', `/api/teams/{team}/sessions/${forAll}`)).toBe(200);
    expect(await status('member', 'GET', `/api/teams/{team}/sessions/${otherSession}`)).toBe(404);
    expect(await status('limitedExpert', 'GET', `/api/teams/{team}/sessions/${teamSession}`)).toBe(200);
    expect(await status('outsider', 'GET', `/api/teams/{team}/sessions/${teamSession}`)).toBe(403);
    expect(await status('otherMember', 'GET', `/api/teams/{team}/sessions/${forAll}`)).toBe(403);
  });

  it('a session expert may read the session without following its team', async () => {
    const expert = await makeExpert(ctx, 'limited', []);
    const session = await makeSession(ctx.db, { teams: [team], experts: [expert.id] });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/sessions/${session}`, headers: expert.headers })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/teams/${team}`, headers: expert.headers })).statusCode,
    ).toBe(403);
  });

  it('a member may change only the description; name and coordinator need update_teams', async () => {
    expect(await status('member', 'PUT', '/api/teams/{team}', { name: 'Rinominata dal membro' })).toBe(403);
    expect(await status('member', 'PUT', '/api/teams/{team}', { owner_id: who.member.id })).toBe(403);
    expect(await status('coordinator', 'PUT', '/api/teams/{team}', { name: 'Matrice', description: 'ok' })).toBe(200);
    expect(await status('teamsAdmin', 'PUT', '/api/teams/{team}', { name: 'Matrice 2' })).toBe(200);
    expect(await status('limitedExpert', 'PUT', '/api/teams/{team}', { description: 'no' })).toBe(403);
  });
});
