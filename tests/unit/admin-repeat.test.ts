import { describe, expect, it } from 'vitest';
import { toSessionBody } from '../../src/admin/sessions/SessionInputs';

const base = {
  name: 'Office hours',
  type: 'other',
  description: 'Domande',
  start_time: '2026-03-05T09:00:00.000Z',
  end_time: '',
  join_instructions: 'Sala',
  team_id: '',
  expert_id: 7,
};

describe('the new-session body with "Ripeti"', () => {
  it('sends no repeat when "Ripeti" is off, and never on edit', () => {
    expect(toSessionBody(base, 'create')).not.toHaveProperty('repeat');
    expect(
      toSessionBody({ ...base, repeat: { enabled: false, frequency: 'weekly', count: 3 } }, 'create'),
    ).not.toHaveProperty('repeat');
    expect(
      toSessionBody({ ...base, repeat: { enabled: true, frequency: 'weekly', count: 3 } }, 'edit'),
    ).not.toHaveProperty('repeat');
  });

  it('sends the frequency with either the number of times or the last day', () => {
    expect(
      toSessionBody(
        { ...base, repeat: { enabled: true, frequency: 'biweekly', ends: 'count', count: '4', until: '2026-06-01' } },
        'create',
      ),
    ).toMatchObject({
      expert_id: 7,
      end_time: null,
      repeat: { frequency: 'biweekly', count: 4 },
    });
    const until = toSessionBody(
      { ...base, repeat: { enabled: true, frequency: 'weekly', ends: 'until', until: '2026-06-01', count: 4 } },
      'create',
    );
    expect(until).toMatchObject({ repeat: { frequency: 'weekly', until: '2026-06-01' } });
    expect((until as { repeat: object }).repeat).not.toHaveProperty('count');
  });
});
