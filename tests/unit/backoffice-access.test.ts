import { describe, expect, it } from 'vitest';
import { mayEditTeamProfile, mayReadTeam, mayReadTeamSessions } from '../../server/src/modules/teams/access.js';
import { mayReadSession } from '../../server/src/modules/sessions/access.js';
import { extractMeetUrl, toSqlUtc } from '../../server/src/modules/sessions/presenter.js';
import type { AuthContext } from '../../server/src/access/can.js';

const caller = (over: Partial<AuthContext> = {}): AuthContext => ({
  userId: 1,
  token: 't',
  isExpert: false,
  expertAccess: null,
  moocAccess: false,
  permissions: new Set(),
  ...over,
});
const none = { member: false, followingExpert: false };

describe('team access decisions', () => {
  it('lets members, following experts and read_teams read a team', () => {
    expect(mayReadTeam(caller(), { ...none, member: true })).toBe(true);
    expect(mayReadTeam(caller(), { ...none, followingExpert: true })).toBe(true);
    expect(mayReadTeam(caller({ permissions: new Set(['read_teams']) }), none)).toBe(true);
    expect(mayReadTeam(caller({ permissions: new Set(['developer']) }), none)).toBe(true);
    expect(mayReadTeam(caller({ permissions: new Set(['read_sessions']) }), none)).toBe(false);
    expect(mayReadTeamSessions(caller({ permissions: new Set(['read_sessions']) }), none)).toBe(true);
    expect(mayReadTeam(caller(), none)).toBe(false);
  });

  it('lets members and update_teams edit the profile, not following experts', () => {
    expect(mayEditTeamProfile(caller(), { ...none, member: true })).toBe(true);
    expect(mayEditTeamProfile(caller({ permissions: new Set(['update_teams']) }), none)).toBe(true);
    expect(
      mayEditTeamProfile(caller({ isExpert: true, expertAccess: 'complete' }), { ...none, followingExpert: true }),
    ).toBe(false);
  });
});

describe('session access decisions', () => {
  const rel = {
    sessionTeamIds: [5],
    sessionExpert: false,
    callerTeamIds: [] as number[],
    callerExpertTeamIds: [] as number[],
  };
  it('follows teams, experts and read_sessions', () => {
    expect(mayReadSession(caller(), { ...rel, callerTeamIds: [5] })).toBe(true);
    expect(mayReadSession(caller(), { ...rel, callerTeamIds: [6] })).toBe(false);
    expect(
      mayReadSession(caller({ isExpert: true, expertAccess: 'limited' }), { ...rel, callerExpertTeamIds: [5] }),
    ).toBe(true);
    expect(mayReadSession(caller({ isExpert: false }), { ...rel, callerExpertTeamIds: [5] })).toBe(false);
    expect(mayReadSession(caller({ isExpert: true, expertAccess: 'complete' }), rel)).toBe(true);
    expect(mayReadSession(caller(), { ...rel, sessionExpert: true })).toBe(true);
    expect(mayReadSession(caller({ permissions: new Set(['read_sessions']) }), rel)).toBe(true);
  });
  it('treats a session with no team as valid for anyone in or following a team', () => {
    const forAll = { ...rel, sessionTeamIds: [] };
    expect(mayReadSession(caller(), { ...forAll, callerTeamIds: [9] })).toBe(true);
    expect(
      mayReadSession(caller({ isExpert: true, expertAccess: 'limited' }), { ...forAll, callerExpertTeamIds: [9] }),
    ).toBe(true);
    expect(mayReadSession(caller(), forAll)).toBe(false);
  });
});

describe('session presentation helpers', () => {
  it('finds the Meet link in the join instructions', () => {
    expect(extractMeetUrl('Entra su https://meet.google.com/abc-defg-hij.')).toBe(
      'https://meet.google.com/abc-defg-hij',
    );
    expect(extractMeetUrl('Link: https://meet.google.com/abc-defg-hij?authuser=0 grazie')).toBe(
      'https://meet.google.com/abc-defg-hij?authuser=0',
    );
    expect(extractMeetUrl('In sede, sala 2')).toBeNull();
    expect(extractMeetUrl('https://evil.example/meet.google.com/abc')).toBeNull();
  });
  it('formats times as UTC SQL', () => {
    expect(toSqlUtc('2025-06-01T11:01:02.345+02:00')).toBe('2025-06-01 09:01:02');
    expect(toSqlUtc(null)).toBeNull();
    expect(toSqlUtc('garbage')).toBeNull();
  });
});
