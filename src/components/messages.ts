/*
 * The texts of the image picker and cropper (team logo, back-office images): they load with the
 * crop dialog (./texts.ts), not with the pages that open it.
 */

/** `app.image.*`: picking, cropping and uploading an image. */
export const imageMessages = {
  pick: "Scegli un'immagine",
  pick_another: "Scegli un'altra immagine",
  hint: 'Immagini JPG, PNG o WebP, al massimo 5MB.',
  too_large: 'Il file è troppo grande. La dimensione massima consentita è di 5MB.',
  not_an_image: "Il file selezionato non è un'immagine. Scegli un file JPG, PNG o WebP.",
  unreadable: 'Impossibile leggere il file selezionato.',
  damaged: "Il file selezionato è danneggiato o non è un'immagine leggibile. Scegli un altro file JPG, PNG o WebP.",
  upload_error: "Si è verificato un errore durante il caricamento dell'immagine. Riprova.",
  crop_area: 'Immagine da ritagliare',
  zoom: 'Zoom',
  preview: 'Anteprima',
  preview_alt: "Anteprima dell'immagine ritagliata",
  cancel: 'Annulla',
};

/** `app.a11y.crop.*`: the image cropper (team logo, back-office images). */
export const cropMessages = {
  area: 'Riquadro di ritaglio',
  role: 'area di ritaglio',
  instructions:
    "Trascina l'immagine, oppure seleziona il riquadro e usa le frecce per spostarla (Maiusc per passi più piccoli); il cursore Zoom la ingrandisce.",
};
