/** `resources.accessibility.*`: the back-office list of the accessibility reports. */
export const messages = {
  name: 'Segnalazione di accessibilità |||| Segnalazioni di accessibilità',
  fields: {
    created_at: 'Ricevuta il',
    reporter_name: 'Da',
    page_url: 'Pagina',
    description: 'Problema',
    state: 'Stato',
    answer_by: 'Rispondere entro',
  },
  states: {
    new: 'Nuova',
    in_progress: 'In lavorazione',
    resolved: 'Risolta',
  },
  page: {
    title: 'Segnalazioni di accessibilità',
    all: 'Tutte le segnalazioni',
    empty: 'Nessuna segnalazione ricevuta',
    in_state: 'Segnalazioni nello stato «%{state}»',
    empty_in_state: 'Nessuna segnalazione nello stato «%{state}»',
    search: 'Filtra per stato',
    all_states: 'Tutti gli stati',
    state_of: 'Stato della segnalazione di %{name} del %{date}',
    state_saved: 'Stato aggiornato: %{state}',
    overdue: 'scaduta',
  },
};
