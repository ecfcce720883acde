/** The back-office texts of roles and their permissions: `resources.roles.*`. */
export const messages = {
  name: 'Ruolo |||| Ruoli',
  fields: {
    name: 'Nome',
    description: 'Descrizione',
    permissions: 'Permessi',
  },
  page: {
    title: 'Gestione Ruoli',
    all: 'Tutti i ruoli',
    empty: 'Nessun ruolo trovato.',
    search: 'Cerca per nome ruolo...',
    create: 'Nuovo ruolo',
    create_title: 'Nuovo ruolo',
    edit_title: 'Modifica ruolo',
    edit: 'Modifica',
    delete: 'Elimina',
    delete_confirm: 'Sei sicuro di voler eliminare il ruolo "%{name}"?',
    delete_holders:
      '%{smart_count} utente ha questo ruolo e ne perderà i permessi. |||| %{smart_count} utenti hanno questo ruolo e ne perderanno i permessi.',
    delete_no_holders: 'Nessun utente ha questo ruolo.',
    permissions_count: '%{smart_count} permesso |||| %{smart_count} permessi',
    own_permissions_only:
      'Puoi dare o togliere solo i permessi che possiedi; solo uno sviluppatore può assegnare o togliere il permesso developer.',
    role_beyond_editor: 'Questo ruolo ha permessi che non possiedi: puoi cambiarne nome e descrizione, non i permessi.',
    developer_role_locked: 'Ha il permesso developer: solo uno sviluppatore può modificarlo o eliminarlo.',
  },
};
