import { addMessages } from '../../i18n';
import { teamMessages } from './messages';

/** The team and session pages' texts, added when their code loads (not with the portal's layout). */
export const teamTexts = { app: { team: teamMessages } };
addMessages(teamTexts);
