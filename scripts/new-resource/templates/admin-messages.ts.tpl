/** The back-office texts of {{many}}: `resources.{{name}}.*`. */
export const messages = {
  name: {{q:nameMessage}},
  fields: {
    name: 'Nome',
    description: 'Descrizione',
  },
  page: {
    title: {{q:pageTitle}},
    all: {{q:all}},
    empty: {{q:none}},
    search: 'Cerca per nome...',
    create: {{q:new}},
    create_title: {{q:new}},
    edit_title: {{q:edit}},
    delete_confirm: {{q:deleteConfirm}},
  },
};
