/**
 * The back-office's own Italian texts outside any resource: `app.admin.*` (the shell, the
 * dashboard and the shared pieces in common/). Each resource's texts are in its folder's
 * messages.ts. Merged into src/i18n/it.ts.
 */
export const adminAppMessages = {
  title: 'Admin',
  back: 'Torna indietro',
  not_found_back: 'Torna alla dashboard',
  navigation: 'Navigazione amministrazione',
  dashboard: {
    title: 'Dashboard',
    greeting: 'Ciao, %{name}',
    intro: "Da qui gestisci esperti, ruoli, team, utenti, sessioni e videocorsi dell'incubatore.",
    counts: 'Riepilogo',
  },
  list: {
    search: 'Cerca',
    results_for: 'Risultati per "%{term}"',
    range: '%{from}–%{to} di %{total}',
    pagination: 'Paginazione',
    actions: 'Azioni',
    loading: 'Caricamento...',
  },
  form: {
    cancel: 'Annulla',
    save: 'Salva',
    create: 'Crea',
    saved: 'Modifiche salvate',
    created: 'Elemento creato',
    deleted: 'Elemento eliminato',
    close: 'Chiudi',
    required: 'Campo obbligatorio',
    discard_title: 'Chiudere senza salvare?',
    discard_text: 'Le modifiche non salvate andranno perse.',
    edited_meanwhile:
      "Nel frattempo un'altra persona ha salvato modifiche a questo elemento, e le tue non sono state salvate. Il modulo ora mostra i dati aggiornati insieme a ciò che hai cambiato tu: controlla e salva di nuovo.",
  },
  confirm: {
    confirm: 'Conferma',
    cancel: 'Annulla',
    delete_title: 'Elimina',
    delete_content: 'Sei sicuro di voler eliminare "%{name}"?',
  },
  picker: {
    min_chars: 'Digita almeno 2 caratteri',
    loading: 'Ricerca in corso...',
    no_users: 'Nessun utente trovato.',
    no_teams: 'Nessun team trovato.',
    no_experts: 'Nessun esperto trovato',
    open: 'Mostra le proposte',
    close: 'Nascondi le proposte',
    clear: 'Svuota',
  },
  parent_missing: 'Potrebbe essere stato eliminato, oppure il link non è più valido.',
  access_denied: {
    title: 'Accesso negato',
    text: 'Non hai i permessi per visualizzare questa pagina.',
  },
  date_time: {
    invalid: 'Data non valida (gg/mm/aaaa hh:mm)',
    hint: 'gg/mm/aaaa hh:mm, ora italiana',
  },
  not_available: 'N/A',
  error: 'Si è verificato un errore. Riprova.',
};
