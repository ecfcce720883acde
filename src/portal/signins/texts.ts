import { addMessages } from '../../i18n';
import { signInsMessages } from './messages';

/** The texts of "Accessi attivi", added when its code loads (not with the portal's layout). */
export const signInsTexts = { app: { sign_ins: signInsMessages } };
addMessages(signInsTexts);
