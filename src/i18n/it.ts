import { coursesMessages } from '../portal/courses/messages';
import { teamMessages } from '../portal/team/messages';
import { accessibilityMessages } from '../portal/accessibility/messages';
import { calendarMessages } from '../portal/calendar/messages';

/**
 * The app's own Italian texts for the portal: one `app.*` namespace (each screen under its own
 * sub-namespace, larger ones in their folder's messages.ts). The back-office's (`app.admin.*`,
 * `resources.*`) load with it: src/admin/backOfficeMessages.ts.
 */
const appItalian = {
  app: {
    name: 'Percorso',
    not_found: 'Not found.',
    invalid_request: 'Invalid request.',
    login: {
      title: 'Accedi con il tuo account',
      explanation:
        "Per accedere al servizio di e-learning è necessario un account %{provider}. Se non hai ancora un account, contatta il tuo referente %{provider}: il link per creare l'account potrebbe esserti già arrivato via e-mail, controlla anche la cartella dello spam.",
      button: 'Accedi con %{provider}',
      privacy: 'Privacy Policy',
      terms: 'Termini e condizioni',
      logo: 'Logo Percorso',
    },
    callback: {
      waiting_title: 'Attendere...',
      waiting_text: 'Stiamo verificando le informazioni di login...',
      error_title: 'Errore',
      retry: 'Riprova',
      error_text: 'Si è verificato un errore durante il login. Riprova più tardi.',
      /** One line more when the reason is the person's to act on. */
      reasons: {
        email_unverified: 'Il provider di identità non conferma che il tuo indirizzo email sia verificato: verificalo e riprova.',
        not_invited: 'Il tuo account non è ancora abilitato a Percorso: chiedi al tuo referente di invitarti.',
        access_denied: "L'accesso è stato negato dal provider di identità.",
        expired: 'La richiesta di accesso è scaduta: riprova.',
      },
    },
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
    loading: 'Caricamento...',
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
    a11y: accessibilityMessages,
    calendar: calendarMessages,
  },
};

export default appItalian;
