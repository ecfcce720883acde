/** The back-office texts of a module's lessons: `resources.lessons.*`. */
export const messages = {
  name: 'Lezione |||| Lezioni',
  fields: {
    position: 'Pos.',
    name: 'Nome',
    video_url: 'URL Video',
    description: 'Descrizione',
  },
  page: {
    title: 'Gestione Lezioni per %{module} in %{course}',
    all: 'Tutte le lezioni',
    empty: 'Nessuna lezione trovata.',
    search: 'Cerca per nome lezione...',
    create: 'Crea nuova lezione',
    create_title: 'Nuova lezione',
    create_submit: 'Crea lezione',
    edit_title: 'Modifica lezione',
    edit_submit: 'Modifica lezione',
    edit: 'Modifica',
    delete: 'Elimina',
    delete_title: 'Elimina lezione',
    delete_confirm: 'Sei sicuro di voler eliminare la lezione "%{name}"?',
    no_description: 'Nessuna descrizione fornita',
    back: 'Torna ai moduli',
    position_number: 'La posizione deve essere un numero intero maggiore di zero.',
    video_url_invalid: 'Inserisci un URL valido (un indirizzo https:// senza credenziali, oppure un percorso /storage/).',
  },
};
