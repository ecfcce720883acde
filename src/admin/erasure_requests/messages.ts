/** `resources.erasure_requests.*`: the back-office list of the requests to erase a person's data. */
export const messages = {
  name: 'Richiesta di cancellazione |||| Richieste di cancellazione',
  fields: {
    requested_at: 'Richiesta il',
    user: 'Persona',
    status: 'Stato',
    completed_at: 'Eseguita il',
    completed_by: 'Eseguita da',
  },
  status: {
    pending: 'Da eseguire',
    done: 'Eseguita',
  },
  page: {
    title: 'Richieste di cancellazione',
    intro:
      'Chi chiede la cancellazione dei propri dati da «I miei dati» compare qui. Per eseguirla apri la persona ed elimina il suo account: i suoi dati personali vengono cancellati o resi anonimi ovunque e la richiesta risulta eseguita.',
    empty: 'Nessuna richiesta di cancellazione',
    open_user: 'Apri %{name} in Gestione utenti',
    erased: 'Utente eliminato',
  },
};
