import { describe, expect, it } from 'vitest';
import { endOfLifeNotice } from '../../server/src/infra/node-support';

describe('the start-up warning about an unsupported Node.js', () => {
  it('names the end of security fixes once it has passed, and the LTS to move to', () => {
    const notice = endOfLifeNotice('20.20.2', new Date('2026-12-07T10:00:00Z'));
    expect(notice).toBe(
      'Attenzione: Node.js 20.20.2 non riceve più aggiornamenti di sicurezza dal 30 aprile 2026. ' +
        'Percorso funziona ancora, ma va eseguito con Node.js 24 LTS.',
    );
    expect(endOfLifeNotice('v20.19.0', new Date('2026-04-30T00:00:00Z'))).toMatch(/dal 30 aprile 2026/);
  });

  it('says nothing before that day, for a maintained major, or for a major it does not know', () => {
    expect(endOfLifeNotice('20.20.2', new Date('2026-04-29T23:59:59Z'))).toBeNull();
    expect(endOfLifeNotice('24.22.3', new Date('2026-12-07T10:00:00Z'))).toBeNull();
    expect(endOfLifeNotice('22.12.0', new Date('2026-12-07T10:00:00Z'))).toBeNull();
    expect(endOfLifeNotice('22.12.0', new Date('2027-05-01T00:00:00Z'))).toMatch(/Node\.js 22\.12\.0/);
    expect(endOfLifeNotice('30.0.0', new Date('2040-01-01T00:00:00Z'))).toBeNull();
  });
});
