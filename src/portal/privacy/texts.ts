import { addMessages } from '../../i18n';
import { privacyMessages } from './messages';

/** "I miei dati"'s texts, added when its code loads (the menu item's own is in the layout's texts). */
export const privacyTexts = { app: { privacy: privacyMessages } };
addMessages(privacyTexts);
