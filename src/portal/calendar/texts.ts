import { addMessages } from '../../i18n';
import { calendarMessages } from './messages';

/**
 * The calendar feed dialog's and "Aggiungi al calendario"'s texts, added when their code loads,
 * with the two react-admin texts the dialog shows (the values of src/i18n/ra-it.ts).
 */
export const calendarTexts = {
  ra: { action: { cancel: 'Annulla', confirm: 'Conferma' } },
  app: { calendar: calendarMessages },
};
addMessages(calendarTexts);
