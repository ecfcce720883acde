import { addMessages } from '../i18n';
import { cropMessages, imageMessages } from './messages';

/** The image picker's and cropper's texts, added when the crop dialog's code loads. */
export const imageTexts = { app: { image: imageMessages, a11y: { crop: cropMessages } } };
addMessages(imageTexts);
