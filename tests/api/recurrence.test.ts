import { beforeEach, describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { databases, useTestApp } from './helpers.js';
import { makeExpert, makeTeam } from './backoffice-fixtures.js';
import { createSessionsRepository } from '../../server/src/modules/sessions/repository.js';
import type { SessionValues } from '../../server/src/modules/sessions/repository.js';

const base = {
  name: 'Office hours',
  type: 'meet',
  description: 'Domande aperte con il mentor',
  // Thursday 10:00 in Rome, winter time; the series crosses the change to summer time.
  start_time: '2026-03-12T09:00:00.000Z',
  end_time: '2026-03-12T10:30:00.000Z',
  join_instructions: 'Entra da https://meet.google.com/abc-defg-hij',
};

const rome = (iso: string) => {
  const d = new TZDate(Date.parse(iso), 'Europe/Rome');
  return `${d.getDay()} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

describe.each(databases)('repeating sessions (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const counts = async () => ({
    sessions: Number(
      (
        await ctx.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    audit: Number(
      (
        await ctx.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });
  const post = async (payload: object) => {
    const admin = await ctx.user({}, ['create_sessions']);
    return ctx.app.inject({ method: 'POST', url: '/api/sessions', headers: admin.headers, payload });
  };

  beforeEach(async () => {
    await ctx.db.deleteFrom('sessions').execute();
    await ctx.db.deleteFrom('audit_log').execute();
  });

  it('creates every weekly occurrence with the same team and expert, at the same Rome time across daylight saving', async () => {
    const team = await makeTeam(ctx.db);
    const expert = await makeExpert(ctx, 'complete');
    const res = await post({ ...base, team_id: team, expert_id: expert.id, repeat: { frequency: 'weekly', count: 4 } });
    expect(res.statusCode).toBe(201);
    const rows = await ctx.db.selectFrom('sessions').selectAll().orderBy('start_time').execute();
    expect(res.json().data.id).toBe(rows[0].id);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => rome(r.start_time))).toEqual(['4 10:00', '4 10:00', '4 10:00', '4 10:00']);
    expect(rows.map((r) => r.start_time)).toEqual([
      '2026-03-12T09:00:00.000Z',
      '2026-03-19T09:00:00.000Z',
      '2026-03-26T09:00:00.000Z',
      '2026-04-02T08:00:00.000Z',
    ]);
    expect(rows.map((r) => r.end_time)).toEqual([
      '2026-03-12T10:30:00.000Z',
      '2026-03-19T10:30:00.000Z',
      '2026-03-26T10:30:00.000Z',
      '2026-04-02T09:30:00.000Z',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        name: base.name,
        description: base.description,
        join_url: 'https://meet.google.com/abc-defg-hij',
      });
      expect(
        (await ctx.db.selectFrom('session_teams').select('team_id').where('session_id', '=', row.id).execute()).map(
          (t) => t.team_id,
        ),
      ).toEqual([team]);
      expect(
        (await ctx.db.selectFrom('session_experts').select('user_id').where('session_id', '=', row.id).execute()).map(
          (e) => e.user_id,
        ),
      ).toEqual([expert.id]);
    }
    // Independent sessions: one audit record each.
    expect((await counts()).audit).toBe(4);
  });

  it('reads a time the clock shows twice, the night summer time ends, as its first occurrence', async () => {
    // Sunday 18 October 2026, 02:30 in Rome (summer time); a week later 02:30 comes twice.
    const res = await post({
      ...base,
      start_time: '2026-10-18T00:30:00.000Z',
      end_time: '2026-10-18T01:00:00.000Z',
      repeat: { frequency: 'weekly', count: 3 },
    });
    expect(res.statusCode).toBe(201);
    const rows = await ctx.db.selectFrom('sessions').selectAll().orderBy('start_time').execute();
    expect(rows.map((r) => rome(r.start_time))).toEqual(['0 02:30', '0 02:30', '0 02:30']);
    // 25 October: 02:30 summer time (00:30 UTC), not winter time (01:30 UTC); 03:00 comes once.
    expect(rows.map((r) => r.start_time)).toEqual([
      '2026-10-18T00:30:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-11-01T01:30:00.000Z',
    ]);
    expect(rows.map((r) => r.end_time)).toEqual([
      '2026-10-18T01:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
      '2026-11-01T02:00:00.000Z',
    ]);
  });

  it('repeats every two weeks until a Rome calendar day, that day included', async () => {
    const res = await post({ ...base, end_time: null, repeat: { frequency: 'biweekly', until: '2026-04-09' } });
    expect(res.statusCode).toBe(201);
    const rows = await ctx.db.selectFrom('sessions').select(['start_time', 'end_time']).orderBy('start_time').execute();
    expect(rows.map((r) => r.start_time)).toEqual([
      '2026-03-12T09:00:00.000Z',
      '2026-03-26T09:00:00.000Z',
      '2026-04-09T08:00:00.000Z',
    ]);
    expect(rows.every((r) => r.end_time === null)).toBe(true);
  });

  it('allows at most 52 sessions and creates none, with an Italian message, beyond that or with a bad rule', async () => {
    const cases: Array<[object, string, string]> = [
      [{ frequency: 'weekly', count: 53 }, 'repeat.count', 'Il numero di ripetizioni deve essere compreso tra 1 e 52.'],
      [{ frequency: 'weekly', count: 0 }, 'repeat.count', 'Il numero di ripetizioni deve essere compreso tra 1 e 52.'],
      [
        { frequency: 'weekly', until: '2027-03-12' },
        'repeat.until',
        'Fino a questa data le sessioni sarebbero più di 52: scegli una data più vicina.',
      ],
      [
        { frequency: 'weekly', until: '2026-03-11' },
        'repeat.until',
        'La data di fine ripetizione non può precedere la prima sessione.',
      ],
      [{ frequency: 'weekly', until: '2026-02-30' }, 'repeat.until', 'La data di fine ripetizione non è valida.'],
      [
        { frequency: 'weekly', until: '2026-04-01', count: 3 },
        'repeat',
        'Indica fino a quale data ripetere la sessione oppure quante volte, non entrambe.',
      ],
      [{ frequency: 'weekly' }, 'repeat', 'Indica fino a quale data ripetere la sessione oppure quante volte.'],
      [
        { frequency: 'daily', count: 3 },
        'repeat.frequency',
        'Scegli se ripetere la sessione ogni settimana o ogni due settimane.',
      ],
    ];
    // The third of three weekly sessions would fall in January 10000.
    const lastWeek = { ...base, start_time: '9999-12-20T09:00:00Z', end_time: '9999-12-20T10:00:00Z' };
    for (const [repeat, field] of [
      [{ frequency: 'weekly', count: 3 }, 'repeat.count'],
      [{ frequency: 'weekly', until: '9999-12-31' }, null],
    ] as const) {
      const res = await post({ ...lastWeek, repeat });
      if (field === null) {
        expect(res.statusCode, res.body).toBe(201);
        continue;
      }
      expect(res.statusCode, JSON.stringify(repeat)).toBe(422);
      expect(res.json().errors[field]).toEqual([
        "Le ripetizioni andrebbero oltre l'anno 9999: ripeti la sessione meno volte.",
      ]);
    }
    await ctx.db.deleteFrom('sessions').execute();
    for (const [repeat, field, message] of cases) {
      const res = await post({ ...base, repeat });
      expect(res.statusCode, JSON.stringify(repeat)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    // 52 weekly sessions exactly: a year minus one day.
    expect((await post({ ...base, repeat: { frequency: 'weekly', until: '2027-03-10' } })).statusCode).toBe(201);
    expect((await counts()).sessions).toBe(52);
    await ctx.db.deleteFrom('sessions').execute();
    expect((await post({ ...base, repeat: { frequency: 'weekly', count: 52 } })).statusCode).toBe(201);
    expect((await counts()).sessions).toBe(52);
  });

  it('creates nothing when a field of the series is invalid (a missing team) or the caller may not create', async () => {
    const res = await post({ ...base, team_id: 999999, repeat: { frequency: 'weekly', count: 5 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.team_id).toEqual(['Il team selezionato non esiste.']);
    const reader = await ctx.user({}, ['read_sessions']);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: reader.headers,
      payload: { ...base, repeat: { frequency: 'weekly', count: 5 } },
    });
    expect(refused.statusCode).toBe(403);
    expect(await counts()).toEqual({ sessions: 0, audit: 0 });
  });

  it('rolls the whole series back when one insert fails', async () => {
    const repo = createSessionsRepository(ctx.db, () => Date.now());
    const good: SessionValues = { ...base, type: 'meet', join_url: null };
    const broken = { ...good, name: null } as unknown as SessionValues;
    await expect(repo.createSeries(null, [good, good, broken, good], {})).rejects.toThrow();
    expect(await counts()).toEqual({ sessions: 0, audit: 0 });
  });
});
