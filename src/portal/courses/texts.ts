import { addMessages } from '../../i18n';
import { coursesMessages } from './messages';

/** The learner pages' texts, added when their code loads (not with the portal's layout). */
export const coursesTexts = { app: { courses: coursesMessages } };
addMessages(coursesTexts);
