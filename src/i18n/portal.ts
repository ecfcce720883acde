import type { MessageTree } from './messageTree';
import raItalian from './ra-it';
import { coursesMessages } from '../portal/courses/messages';
import { teamMessages } from '../portal/team/messages';
import { cropMessages, reportMessages } from '../portal/accessibility/messages';
import { calendarMessages } from '../portal/calendar/messages';

/**
 * The Italian texts of the signed-in portal: react-admin's (`ra.*`, which ra-core's hooks use) and
 * the portal's `app.*` (each screen under its own sub-namespace, larger ones in their folder's
 * messages.ts). They load with the portal's layout (src/portal/ProtectedLayout.tsx) and the
 * back-office, which add them to the one i18nProvider; the sign-in screen's are in ./signIn.ts,
 * the back-office's own (`app.admin.*`, `resources.*`) in src/admin/backOfficeMessages.ts.
 */
export const portalMessages = {
  ...(raItalian as unknown as MessageTree),
  app: {
    layout: {
      menu: 'Menu',
      open_menu: 'Apri il menu',
      close_menu: 'Chiudi il menu',
      user_menu: 'Menu utente',
      profile: 'Gestione profilo',
      logout: 'Logout',
      main_navigation: 'Navigazione principale',
    },
    menu: {
      dashboard: 'Dashboard',
      percorso: 'Percorso',
      drive: 'Drive',
      courses: 'Videocorsi',
      admin: 'Admin',
    },
    dashboard: {
      title: 'Dashboard',
      greeting: 'Ciao, %{name}',
      percorso_title: 'Percorso',
      percorso_text: 'Il percorso del tuo team: appuntamenti, coordinatore e membri.',
      percorso_button: 'Accedi al percorso',
      drive_title: 'Drive',
      drive_text: 'La cartella condivisa del tuo team.',
      drive_button: 'Accedi al Drive',
      no_team: 'Non fai parte di un progetto.',
      no_team_hint: 'Se credi che sia un errore, contatta il tuo coordinatore.',
      expert_title: 'Sei un esperto',
      expert_text: 'Puoi accedere a più startup e visionare le sessioni in arrivo per te.',
      startups: 'Startup',
      sessions: 'Sessioni',
      sessions_with_team: 'Sessioni con il team: %{count}',
      all_startups: 'Tutte le startup',
      open: 'Accedi',
      open_item: 'Accedi a %{name}',
      no_startups: 'Nessun team trovato',
      no_sessions: 'Nessuna sessione trovata',
    },
    service_unavailable: 'Servizio temporaneamente non disponibile. Riprova tra qualche istante.',
    image: {
      pick: "Scegli un'immagine",
      pick_another: "Scegli un'altra immagine",
      hint: 'Immagini JPG, PNG o WebP, al massimo 5MB.',
      too_large: 'Il file è troppo grande. La dimensione massima consentita è di 5MB.',
      not_an_image: "Il file selezionato non è un'immagine. Scegli un file JPG, PNG o WebP.",
      unreadable: 'Impossibile leggere il file selezionato.',
      upload_error: "Si è verificato un errore durante il caricamento dell'immagine. Riprova.",
      crop_area: 'Immagine da ritagliare',
      zoom: 'Zoom',
      preview: 'Anteprima',
      preview_alt: "Anteprima dell'immagine ritagliata",
      cancel: 'Annulla',
    },
    courses: coursesMessages,
    team: teamMessages,
    a11y: { crop: cropMessages, report: reportMessages },
    calendar: calendarMessages,
  },
};
