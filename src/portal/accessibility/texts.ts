import { addMessages } from '../../i18n';
import { reportMessages } from './messages';

/** The report form's texts, added when its code loads (not with the portal's layout). */
export const reportTexts = { app: { a11y: { report: reportMessages } } };
addMessages(reportTexts);
