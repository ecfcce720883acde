import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import { addMember, makeExpert, makeSession, makeTeam } from './backoffice-fixtures.js';
import fc from 'fast-check';
import { hashToken } from '../../server/src/auth/tokens.js';
import { feedKey } from '../../server/src/calendar/calendar-feed.js';
import { signedMediaUrl } from '../../server/src/infra/media-urls.js';
import { mayReadSession } from '../../server/src/modules/sessions/access.js';
import { createCalendarRepository } from '../../server/src/modules/calendar/repository.js';

const DAY = 24 * 3600_000;
const inDays = (d: number) => new Date(Date.now() + d * DAY).toISOString();

interface ParsedEvent {
  uid: string;
  sequence: number;
  start: string;
  end: string;
  summary: string;
  description: string;
  url: string;
  location: string | null;
  lastModified: string;
}

/** Parses a feed with ical.js (a real RFC 5545 parser) into plain events. */
function parseFeed(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const time = (name: string) => {
      const value = vevent.getFirstPropertyValue(name) as ICAL.Time;
      // Every time is UTC: a trailing Z, no TZID.
      expect(value.zone?.tzid).toBe('UTC');
      return value.toJSDate().toISOString();
    };
    expect(vevent.getFirstProperty('dtstamp')).toBeTruthy();
    return {
      uid: String(vevent.getFirstPropertyValue('uid')),
      sequence: Number(vevent.getFirstPropertyValue('sequence')),
      start: time('dtstart'),
      end: time('dtend'),
      summary: String(vevent.getFirstPropertyValue('summary')),
      description: String(vevent.getFirstPropertyValue('description')),
      url: String(vevent.getFirstPropertyValue('url')),
      location: (vevent.getFirstPropertyValue('location') as string | null) ?? null,
      lastModified: time('last-modified'),
    };
  });
}

describe.each(databases)('calendar feeds (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const publicUrl = () => ctx.config.publicUrl;
  // Sessions for every team reach every member: each test starts without sessions.
  beforeEach(async () => {
    await ctx.db.deleteFrom('sessions').execute();
  });

  async function feedUrlOf(headers: Record<string, string>): Promise<string> {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user', headers });
    expect(res.statusCode).toBe(200);
    return res.json().data.calendar_feed_url as string;
  }

  /** Fetches a feed URL with no credential at all; returns the status and the parsed events. */
  async function fetchFeed(url: string) {
    const res = await ctx.app.inject({ method: 'GET', url: url.slice(publicUrl().length) });
    return { res, events: res.statusCode === 200 ? parseFeed(res.body) : [] };
  }

  /** The events must be exactly the given sessions, each as stored in the database. */
  async function expectEventsMatch(events: ParsedEvent[], sessionIds: number[]) {
    const host = new URL(publicUrl()).hostname;
    expect(events.map((e) => e.uid).sort()).toEqual(sessionIds.map((id) => `session-${id}@${host}`).sort());
    for (const event of events) {
      const id = Number(/^session-(\d+)@/.exec(event.uid)![1]);
      const row = await ctx.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(event.summary).toBe(row.name);
      // iCalendar times have whole seconds.
      const seconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();
      expect(event.start).toBe(seconds(Date.parse(row.start_time)));
      expect(event.end).toBe(seconds(row.end_time ? Date.parse(row.end_time) : Date.parse(row.start_time) + 3600_000));
      expect(event.sequence).toBe(row.sequence);
      expect(event.lastModified.slice(0, 19)).toBe(
        new Date(row.updated_at ?? row.created_at).toISOString().slice(0, 19),
      );
      expect(event.url).toBe(`${publicUrl()}/sessions/${id}`);
      expect(event.description).toContain(row.description);
      expect(event.description).toContain(row.join_instructions);
      if (row.join_url) expect(event.description).toContain(row.join_url);
      expect(event.location).toBe(row.type === 'meet' && row.join_url ? row.join_url : null);
    }
  }

  it('never serves the key the feed URLs derive from, however its path is spelled', async () => {
    await feedUrlOf((await ctx.user()).headers);
    expect(readFileSync(join(ctx.config.storageDir, 'calendar-feed.key'), 'utf8').length).toBeGreaterThan(40);
    writeFileSync(join(ctx.config.storageDir, '.hidden'), 'private');
    writeFileSync(join(ctx.config.storageDir, 'pubblico.mp4'), 'public');
    for (const url of [
      '/storage/calendar-feed.key',
      '/storage/./calendar-feed.key',
      '/storage//calendar-feed.key',
      '/storage/videos/../calendar-feed.key',
      '/storage/%63alendar-feed.key',
      '/storage/calendar-feed%2Ekey',
      '/storage/CALENDAR-FEED.KEY',
      '/storage/.hidden',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain(readFileSync(join(ctx.config.storageDir, 'calendar-feed.key'), 'utf8'));
      expect(res.body, url).not.toContain('private');
    }
    // A video an operator puts there is still served (at the signed address a lesson gives).
    const url = signedMediaUrl(feedKey(ctx.config), '/storage/pubblico.mp4', Date.now());
    expect((await ctx.app.inject({ method: 'GET', url })).body).toBe('public');
  });

  it('gives every user a stable secret feed URL under PUBLIC_URL, stored only hashed', async () => {
    const user = await ctx.user();
    const url = await feedUrlOf(user.headers);
    expect(url).toMatch(new RegExp(`^${publicUrl().replace(/[.:/]/g, '\\$&')}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await feedUrlOf(user.headers)).toBe(url);
    const token = /calendar\/(.+)\.ics$/.exec(url)![1];
    const stored = await ctx.db
      .selectFrom('calendar_feeds')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await feedUrlOf((await ctx.user()).headers)).not.toBe(url);
  });

  it("answers text/calendar with the member's team sessions and the sessions for all teams, from 90 days back", async () => {
    const member = await ctx.user();
    const mine = await makeTeam(ctx.db);
    const other = await makeTeam(ctx.db);
    await addMember(ctx.db, mine, member.id);
    const meet = await makeSession(ctx.db, {
      name: 'Pitch, prova; finale',
      start_time: inDays(3),
      end_time: inDays(3.1),
      teams: [mine],
    });
    await ctx.db
      .updateTable('sessions')
      .set({
        join_instructions: 'Entra qui: https://meet.google.com/abc-defg-hij\nPoi presentati.',
        join_url: 'https://meet.google.com/abc-defg-hij',
        description: 'Una descrizione\nsu due righe, con virgole; e punti e virgola',
      })
      .where('id', '=', meet)
      .execute();
    const forAll = await makeSession(ctx.db, { name: 'Per tutti', start_time: inDays(10), type: 'other' });
    const recent = await makeSession(ctx.db, { start_time: inDays(-80), teams: [mine] });
    await makeSession(ctx.db, { start_time: inDays(-100), teams: [mine] });
    await makeSession(ctx.db, { start_time: inDays(5), teams: [other] });

    const { res, events } = await fetchFeed(await feedUrlOf(member.headers));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body).toContain('\r\n');
    await expectEventsMatch(events, [meet, forAll, recent]);
    const meetEvent = events.find((e) => e.summary === 'Pitch, prova; finale')!;
    expect(meetEvent.location).toBe('https://meet.google.com/abc-defg-hij');
    expect(meetEvent.description).toBe(
      'Una descrizione\nsu due righe, con virgole; e punti e virgola\n\nEntra qui: https://meet.google.com/abc-defg-hij\nPoi presentati.\n\nGoogle Meet: https://meet.google.com/abc-defg-hij',
    );
    const allEvent = events.find((e) => e.summary === 'Per tutti')!;
    expect(Date.parse(allEvent.end) - Date.parse(allEvent.start)).toBe(3600_000);
    expect(allEvent.location).toBeNull();
  });

  it('keeps the UID across edits while SEQUENCE and LAST-MODIFIED change; deleted sessions disappear', async () => {
    const admin = await ctx.user({}, ['update_sessions', 'delete_sessions']);
    const member = await ctx.user();
    const team = await makeTeam(ctx.db);
    await addMember(ctx.db, team, member.id);
    const id = await makeSession(ctx.db, { name: 'Prima', start_time: inDays(2), teams: [team] });
    await ctx.db.updateTable('sessions').set({ updated_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    const url = await feedUrlOf(member.headers);
    const [before] = (await fetchFeed(url)).events;
    expect(before.sequence).toBe(0);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/sessions/${id}`,
      headers: admin.headers,
      payload: {
        name: 'Seconda',
        type: 'other',
        description: 'Nuova',
        start_time: inDays(4),
        join_instructions: 'Sala 2',
        team_id: team,
      },
    });
    expect(put.statusCode).toBe(200);
    const { events } = await fetchFeed(url);
    await expectEventsMatch(events, [id]);
    expect(events[0]).toMatchObject({ uid: before.uid, sequence: 1, summary: 'Seconda' });
    expect(events[0].lastModified > before.lastModified).toBe(true);

    // A write that changes nothing shown in the event keeps the revision.
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/sessions/${id}/teams`,
      headers: admin.headers,
      payload: { teams: [team] },
    });
    expect((await fetchFeed(url)).events[0].sequence).toBe(1);

    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/sessions/${id}`, headers: admin.headers })).statusCode,
    ).toBe(200);
    expect((await fetchFeed(url)).events).toEqual([]);
  });

  it('drops sessions the user may no longer see', async () => {
    const member = await ctx.user();
    const team = await makeTeam(ctx.db);
    await addMember(ctx.db, team, member.id);
    const teamSession = await makeSession(ctx.db, { start_time: inDays(1), teams: [team] });
    const url = await feedUrlOf(member.headers);
    await expectEventsMatch((await fetchFeed(url)).events, [teamSession]);
    await ctx.db.deleteFrom('team_members').where('user_id', '=', member.id).execute();
    expect((await fetchFeed(url)).events).toEqual([]);
  });

  it("gives experts the sessions they follow: as the session's expert, of followed teams, all with complete access", async () => {
    const followedTeam = await makeTeam(ctx.db);
    const otherTeam = await makeTeam(ctx.db);
    const limited = await makeExpert(ctx, 'limited', [followedTeam]);
    const loner = await makeExpert(ctx, 'limited');
    const complete = await makeExpert(ctx, 'complete');
    const followed = await makeSession(ctx.db, { start_time: inDays(1), teams: [followedTeam] });
    const asExpert = await makeSession(ctx.db, { start_time: inDays(2), teams: [otherTeam], experts: [loner.id] });
    const forAll = await makeSession(ctx.db, { start_time: inDays(3) });
    const elsewhere = await makeSession(ctx.db, { start_time: inDays(4), teams: [otherTeam] });

    const all = (await ctx.db.selectFrom('sessions').select('id').where('start_time', '>=', inDays(-90)).execute()).map(
      (r) => r.id,
    );
    await expectEventsMatch((await fetchFeed(await feedUrlOf(limited.headers))).events, [followed, forAll]);
    await expectEventsMatch((await fetchFeed(await feedUrlOf(loner.headers))).events, [asExpert]);
    const completeEvents = (await fetchFeed(await feedUrlOf(complete.headers))).events;
    await expectEventsMatch(completeEvents, all);
    expect(all).toEqual(expect.arrayContaining([followed, asExpert, forAll, elsewhere]));

    // A user with the back-office permission but no team sees nothing in the portal, nor in the feed.
    const staff = await ctx.user({}, ['read_sessions']);
    expect((await fetchFeed(await feedUrlOf(staff.headers))).events).toEqual([]);
  });

  it('issues a new URL on POST /api/user/calendar-feed; the old one answers 404 at once', async () => {
    const member = await ctx.user();
    const old = await feedUrlOf(member.headers);
    expect((await fetchFeed(old)).res.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/user/calendar-feed' })).statusCode).toBe(401);

    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/calendar-feed', headers: member.headers });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.calendar_feed_url as string;
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(old)).res.statusCode).toBe(404);
    expect((await fetchFeed(fresh)).res.statusCode).toBe(200);
    expect(await feedUrlOf(member.headers)).toBe(fresh);

    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'calendar_feed')
      .where('entity_id', '=', member.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'regenerate', actor_id: member.id, changes: '{}' });
  });

  it('answers 404 to unknown and malformed feed tokens, without a token leak in the message', async () => {
    for (const path of [
      '/api/calendar/' + 'A'.repeat(43) + '.ics',
      '/api/calendar/nope.ics',
      '/api/calendar/' + 'A'.repeat(43),
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Calendario non trovato: il link non è valido o è stato sostituito.');
    }
  });

  it('serves one session as an .ics file to whoever may open the session page', async () => {
    const member = await ctx.user();
    const outsider = await ctx.user();
    const team = await makeTeam(ctx.db);
    await addMember(ctx.db, team, member.id);
    const id = await makeSession(ctx.db, { name: 'Solo questa', start_time: inDays(6), teams: [team] });
    const url = `/api/sessions/${id}/calendar.ics`;
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url, headers: outsider.headers })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/sessions/999999/calendar.ics', headers: member.headers }))
        .statusCode,
    ).toBe(404);
    const res = await ctx.app.inject({ method: 'GET', url, headers: member.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const events = parseFeed(res.body);
    await expectEventsMatch(events, [id]);
  });

  it('writes lines of 75 octets at most, the folding space included, and no control character an older row may hold', async () => {
    const member = await ctx.user();
    const team = await makeTeam(ctx.db);
    await addMember(ctx.db, team, member.id);
    const long = 'Caffè, città e perché: ü€😀 '.repeat(12);
    // A name as long as the column allows (255 characters), in several-byte characters.
    const name = `Sessione ${'Caffè, città e perché: ü€😀 '.repeat(8)}`;
    const id = await makeSession(ctx.db, {
      name,
      start_time: inDays(3),
      teams: [team],
      // Written before the API refused control characters: a bare CR, a CRLF, a bell.
      description: `Prima riga\r\nseconda riga\rterza \u0007campanello ${long}`,
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/sessions/${id}/calendar.ics`,
      headers: member.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.endsWith('\r\n')).toBe(true);
    const lines = res.body.slice(0, -2).split('\r\n');
    for (const line of lines) {
      expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
      // eslint-disable-next-line no-control-regex -- looking for control characters is the point
      expect(line).not.toMatch(/[\u0000-\u0008\u000A-\u001F\u007F]/);
    }
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(5);
    const [event] = parseFeed(res.body);
    expect(event.summary).toBe(name);
    expect(event.description).toContain(`Prima riga\nseconda riga\nterza campanello ${long.trimEnd()}`);
  });

  it("escapes the session's name in the single-session file's X-WR-CALNAME, as RFC 5545 asks of text", async () => {
    const member = await ctx.user();
    const team = await makeTeam(ctx.db);
    await addMember(ctx.db, team, member.id);
    // Written straight to the table, as an older row may be: a comma, a semicolon, a backslash,
    // a line break and what would be a line of its own if it were not escaped.
    const name = 'Pitch, prove; finali \\ bis\r\nEND:VCALENDAR\r\nBEGIN:VEVENT';
    const id = await makeSession(ctx.db, { name, start_time: inDays(2), teams: [team] });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/sessions/${id}/calendar.ics`,
      headers: member.headers,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n');
    expect(lines.filter((line) => line === 'END:VCALENDAR')).toHaveLength(1);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(res.body).toContain('X-WR-CALNAME:Pitch\\, prove\\; finali \\\\ bis\\nEND:VCALENDAR\\nBEGIN:VEVENT');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    expect(calendar.getFirstProperty('x-wr-calname')?.getFirstValue()).toBe(
      'Pitch, prove; finali \\ bis\nEND:VCALENDAR\nBEGIN:VEVENT',
    );
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1);
  });

  it("selects exactly the sessions the session page's rule lets the person read (without back-office permissions)", async () => {
    const repo = createCalendarRepository(ctx.db, () => Date.now());
    const world = fc.record({
      person: fc.record({
        is_expert: fc.boolean(),
        access: fc.constantFrom('complete' as const, 'limited' as const, null),
        memberOf: fc.subarray([0, 1, 2]),
        owns: fc.subarray([0, 1, 2]),
        follows: fc.subarray([0, 1, 2]),
      }),
      sessions: fc.array(fc.record({ teams: fc.subarray([0, 1, 2]), expert: fc.boolean() }), { maxLength: 6 }),
    });
    await fc.assert(
      fc.asyncProperty(world, async ({ person, sessions }) => {
        await ctx.db.deleteFrom('sessions').execute();
        const user = await ctx.user({
          is_expert: person.is_expert ? 1 : 0,
          expert_access: person.is_expert ? person.access : null,
        });
        const teams = [await makeTeam(ctx.db), await makeTeam(ctx.db), await makeTeam(ctx.db)];
        for (const i of person.memberOf) await addMember(ctx.db, teams[i], user.id);
        for (const i of person.owns)
          await ctx.db.updateTable('teams').set({ owner_id: user.id }).where('id', '=', teams[i]).execute();
        for (const i of person.follows)
          await ctx.db.insertInto('expert_teams').values({ user_id: user.id, team_id: teams[i] }).execute();
        const auth = {
          userId: user.id,
          token: '',
          isExpert: person.is_expert,
          expertAccess: person.is_expert ? person.access : null,
          moocAccess: false,
          permissions: new Set<string>(),
        };
        const expected: number[] = [];
        for (const s of sessions) {
          const id = await makeSession(ctx.db, {
            start_time: inDays(1),
            teams: s.teams.map((i) => teams[i]),
            experts: s.expert ? [user.id] : [],
          });
          const callerTeamIds = [...new Set([...person.memberOf, ...person.owns].map((i) => teams[i]))];
          const rel = {
            sessionTeamIds: s.teams.map((i) => teams[i]),
            sessionExpert: s.expert,
            callerTeamIds,
            callerExpertTeamIds: person.follows.map((i) => teams[i]),
          };
          if (mayReadSession(auth, rel)) expected.push(id);
        }
        const owner = (await repo.owner(user.id))!;
        const got = (await repo.visibleSessions(owner, { since: inDays(-90) })).map((s) => s.id);
        expect(got.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
      }),
      { numRuns: 25 },
    );
  });
});
