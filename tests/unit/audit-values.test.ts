import { describe, expect, it } from 'vitest';
import { recordedValueText } from '../../src/admin/audit/AuditLogList';
import { addMessages, i18nProvider } from '../../src/i18n';
import { messages as auditMessages } from '../../src/admin/audit/messages';
import { backOfficeMessages } from '../../src/admin/backOfficeMessages';

addMessages(backOfficeMessages);

/** The activity log's changes table shows recorded values as a person reads them, not as stored. */
describe('recorded values in the activity log', () => {
  const text = (field: string, value: unknown) => recordedValueText(field, value, i18nProvider.translate);

  it('says Sì/No, Rome time, and the Italian words of codes', () => {
    expect(text('published', true)).toBe('Sì');
    expect(text('published', false)).toBe('No');
    expect(text('start_time', '2027-06-02T08:00:00.000Z')).toBe('02/06/2027 10:00');
    expect(text('type', 'meet')).toBe('Google Meet');
    expect(text('type', 'other')).toBe('Altro');
    expect(text('expert_access', 'limited')).toBe('Limitato');
    expect(text('members', [3, 5])).toBe('3, 5');
    expect(text('description', null)).toBe('—');
    expect(text('name', 'Agrisense')).toBe('Agrisense');
  });

  it('names every recorded field in Italian', () => {
    expect(auditMessages.changed_fields.join_instructions).toBe('Istruzioni per partecipare');
  });
});
