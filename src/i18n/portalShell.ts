/**
 * The texts the signed-in portal's layout shows, added by it (src/portal/ProtectedLayout.tsx): its
 * own (`app.layout`, `app.menu`, the calendar feed's menu item), the dashboard's, and the one
 * react-admin text it shows (`ra.notification.http_error`, with the value of ./ra-it.ts). Each
 * area adds the rest of its texts when its code loads (src/portal/<area>/texts.ts,
 * src/components/texts.ts); the back-office adds all of them and react-admin's (./portal.ts).
 * tests/unit/portal-texts.test.ts checks that every key a screen writes is there when it renders.
 */
export const portalShellMessages = {
  ra: {
    notification: { http_error: 'Errore di comunicazione con il server dati' },
  },
  app: {
    layout: {
      menu: 'Menu',
      open_menu: 'Apri il menu',
      close_menu: 'Chiudi il menu',
      user_menu: 'Menu utente',
      profile: 'Gestione profilo',
      sign_ins: 'Accessi attivi',
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
      // Before a name starting with "a", the preposition takes its "d": "Accedi ad Agrisense".
      open_item_ad: 'Accedi ad %{name}',
      open_session: '%{open}, %{date}',
      no_startups: 'Nessun team trovato',
      no_sessions: 'Nessuna sessione trovata',
    },
    service_unavailable: 'Servizio temporaneamente non disponibile. Riprova tra qualche istante.',
    calendar: { menu_item: 'Calendario' },
    privacy: { menu_item: 'I miei dati' },
  },
};
