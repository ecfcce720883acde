import type { SignInRefusalReason } from '../../server/src/contract';

/**
 * `app.a11y.*` of every screen: the skip link, the new-tab hint, the footer's links. The rest loads
 * with its screen (src/portal/accessibility/messages.ts, src/i18n/statement.ts).
 */
const accessibilityMessages = {
  skip_to_content: 'Vai al contenuto',
  new_tab: '(si apre in una nuova scheda)',
  back_office: 'Back-office',
  not_found_back: 'Torna alla pagina iniziale',
  /** The header link of the accessibility pages open to visitors (PublicPageShell). */
  back_to_portal: 'Torna al portale',
  footer: 'Accessibilità',
  statement: {
    link: 'Dichiarazione di accessibilità',
  },
  report: {
    title: 'Segnala un problema di accessibilità',
  },
};

/**
 * The texts of the screens outside the portal's layout — sign-in, callback, loader, "Not found.",
 * a screen that failed, and the accessibility footer: the only ones the entry carries. The portal's
 * (src/i18n/portal.ts) load with its layout, the statement's with its page, the back-office's with the back-office.
 */
export const signInMessages = {
  app: {
    name: 'Percorso',
    not_found: 'Not found.',
    invalid_request: 'Invalid request.',
    loading: 'Caricamento...',
    /**
     * A screen that threw while loading or rendering (src/portal/ScreenError.tsx), or a dialog
     * that could not open (src/components/lazyDialog.tsx).
     */
    screen_error: {
      title: 'Impossibile mostrare la pagina',
      text: 'La connessione si è interrotta o il portale è stato aggiornato. Riprova; se non basta, ricarica la pagina.',
      reload: 'Ricarica la pagina',
      dialog: 'Impossibile aprire la finestra: la connessione si è interrotta o il portale è stato aggiornato.',
      retry: 'Riprova',
      close: 'Chiudi',
    },
    login: {
      title: 'Accedi con il tuo account',
      explanation:
        "Per accedere al servizio di e-learning è necessario un account %{provider}. Se non hai ancora un account, contatta il tuo referente %{provider}: il link per creare l'account potrebbe esserti già arrivato via e-mail, controlla anche la cartella dello spam.",
      button: 'Accedi con %{provider}',
      expired: 'La sessione è scaduta: accedi di nuovo per tornare dove eri.',
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
      /** One line more with the server's reason (`reason` of its answer), for every refusal. */
      reasons: {
        email_missing: 'Il provider di identità non ha fornito un indirizzo email.',
        email_unverified:
          'Il provider di identità non conferma che il tuo indirizzo email sia verificato: verificalo e riprova.',
        email_taken: 'Questo indirizzo email è già collegato a un altro account del provider di identità.',
        not_invited: 'Il tuo account non è ancora abilitato a Percorso: chiedi al tuo referente di invitarti.',
        demo_disabled: 'Gli account dimostrativi sono disattivati: accedi con il tuo account personale.',
        access_denied: "L'accesso è stato negato dal provider di identità.",
        expired: 'La richiesta di accesso è scaduta: riprova.',
        provider_error: "Il provider di identità non ha completato l'accesso.",
        code_refused: 'Il codice di accesso non è valido, è scaduto o è già stato utilizzato: riprova.',
        provider_unavailable: 'Il provider di identità non risponde. Riprova più tardi.',
        client_rejected:
          "Il provider di identità non ha accettato Percorso: l'amministratore deve controllarne la configurazione.",
      } satisfies Record<SignInRefusalReason, string>,
    },
    a11y: accessibilityMessages,
  },
};
