/** The back-office texts of experts (users with the expert role): `resources.experts.*`. */
export const messages = {
  name: 'Esperto |||| Esperti',
  fields: {
    user_id: 'Utente',
    name: 'Nome',
    email: 'Email',
    tax_id: 'Codice fiscale',
    expert_access: 'Accesso',
    teams: 'Team',
  },
  page: {
    title: 'Gestione Esperti',
    all: 'Tutti gli esperti',
    empty: 'Nessun esperto trovato',
    search: 'Cerca per nome, email o codice fiscale...',
    create: 'Nuovo esperto',
    create_title: 'Nuovo esperto',
    edit_title: 'Modifica esperto',
    edit: 'Modifica',
    delete: 'Elimina',
    delete_confirm: 'Sei sicuro di voler togliere il ruolo di esperto a "%{name}"?',
    access_complete: 'Completo',
    access_limited: 'Limitato',
    already_expert: 'È già un esperto',
  },
};
