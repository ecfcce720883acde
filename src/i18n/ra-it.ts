import type { TranslationMessages } from 'ra-core';
import raLanguageItalian from 'ra-language-italian';
import { mergeMessages, type MessageTree } from './messageTree';

/**
 * What Percorso changes in ra-language-italian, which was written for react-admin 3: the keys
 * react-admin 5 added, and the ones the package gets wrong for this app — English left in,
 * placeholders or plural forms that no longer match react-admin's (%{id} became
 * %{recordRepresentation}), typos ("Si", "cresente"), and the app's own words where the UI
 * already uses them elsewhere ("Elimina", "Logout", "Elemento"). Everything else is the package's.
 * tests/unit/i18n.test.ts checks the result against ra-language-english: every key, the same
 * placeholders, the same plural forms.
 */
const overrides = {
  ra: {
    action: {
      bulk_actions: '1 elemento selezionato |||| %{smart_count} elementi selezionati',
      clear_array_input: 'Svuota la lista',
      create_item: 'Crea %{item}',
      delete: 'Elimina',
      remove_all_filters: 'Rimuovi tutti i filtri',
      reset: 'Reimposta',
      search_columns: 'Cerca colonne',
      select_all: 'Seleziona tutto',
      select_all_button: 'Seleziona tutto',
      select_row: 'Seleziona questa riga',
      update: 'Aggiorna',
      move_up: 'Sposta su',
      move_down: 'Sposta giù',
      open: 'Apri',
      toggle_theme: 'Passa al tema chiaro/scuro',
      select_columns: 'Colonne',
      update_application: "Ricarica l'applicazione",
    },
    boolean: {
      true: 'Sì',
    },
    page: {
      edit: '%{name} %{recordRepresentation}',
      show: '%{name} %{recordRepresentation}',
      access_denied: 'Accesso negato',
      authentication_error: 'Errore di autenticazione',
    },
    input: {
      password: {
        toggle_visible: 'Nascondi la password',
        toggle_hidden: 'Mostra la password',
      },
    },
    message: {
      are_you_sure: 'Sei sicuro?',
      access_denied: 'Non hai i permessi necessari per accedere a questa pagina',
      authentication_error:
        'Il server di autenticazione ha restituito un errore e non è stato possibile verificare le tue credenziali.',
      auth_error: 'Si è verificato un errore durante la verifica del token di autenticazione.',
      bulk_delete_title: 'Elimina %{name} |||| Elimina %{smart_count} %{name}',
      bulk_update_content:
        'Sei sicuro di voler aggiornare %{name} %{recordRepresentation}? |||| Sei sicuro di voler aggiornare questi %{smart_count} elementi?',
      bulk_update_title: 'Aggiorna %{name} %{recordRepresentation} |||| Aggiorna %{smart_count} %{name}',
      clear_array_input: "Sei sicuro di voler svuotare l'intera lista?",
      delete_content: 'Sei sicuro di voler eliminare questo %{name}?',
      delete_title: 'Elimina %{name} %{recordRepresentation}',
      select_all_limit_reached:
        'Ci sono troppi elementi per selezionarli tutti. Sono stati selezionati solo i primi %{max} elementi.',
      placeholder_data_warning: 'Problema di rete: aggiornamento dei dati non riuscito.',
      yes: 'Sì',
    },
    navigation: {
      clear_filters: 'Azzera i filtri',
      no_results: 'Nessun %{name} trovato',
      no_filtered_results: 'Nessun %{name} trovato con i filtri correnti.',
      partial_page_range_info: '%{offsetBegin}-%{offsetEnd} di oltre %{offsetEnd}',
      current_page: 'Pagina %{page}',
      page: 'Vai alla pagina %{page}',
      first: 'Vai alla prima pagina',
      last: "Vai all'ultima pagina",
      next: 'Vai alla pagina successiva',
      previous: 'Vai alla pagina precedente',
    },
    sort: {
      sort_by: 'Ordina per %{field_lower_first} %{order}',
      ASC: 'crescente',
    },
    auth: {
      email: 'Email',
      logout: 'Logout',
    },
    notification: {
      updated: 'Elemento aggiornato |||| %{smart_count} elementi aggiornati',
      created: 'Elemento creato',
      deleted: 'Elemento eliminato |||| %{smart_count} elementi eliminati',
      not_authorized: 'Non sei autorizzato ad accedere a questa risorsa.',
      application_update_available: 'È disponibile una nuova versione.',
      offline: 'Nessuna connessione. Impossibile caricare i dati.',
    },
    validation: {
      unique: 'Deve essere unico',
    },
    saved_queries: {
      label: 'Ricerche salvate',
      query_name: 'Nome della ricerca',
      new_label: 'Salva la ricerca corrente...',
      new_dialog_title: 'Salva la ricerca corrente come',
      remove_label: 'Rimuovi la ricerca salvata',
      remove_label_with_name: 'Rimuovi la ricerca "%{name}"',
      remove_dialog_title: 'Rimuovere la ricerca salvata?',
      remove_message: "Sei sicuro di voler rimuovere l'elemento dall'elenco delle ricerche salvate?",
      help: 'Filtra la lista e salva questa ricerca per usarla in seguito',
    },
    guesser: {
      empty: {
        title: 'Nessun dato da mostrare',
        message: 'Controlla il data provider',
      },
    },
    configurable: {
      customize: 'Personalizza',
      configureMode: 'Configura questa pagina',
      inspector: {
        title: 'Ispettore',
        content: "Passa il mouse sugli elementi dell'interfaccia per configurarli",
        reset: 'Reimposta le impostazioni',
        hideAll: 'Nascondi tutto',
        showAll: 'Mostra tutto',
      },
      Datagrid: {
        title: 'Tabella',
        unlabeled: 'Colonna senza etichetta #%{column}',
      },
      SimpleForm: {
        title: 'Modulo',
        unlabeled: 'Campo senza etichetta #%{input}',
      },
      SimpleList: {
        title: 'Lista',
        primaryText: 'Testo principale',
        secondaryText: 'Testo secondario',
        tertiaryText: 'Testo terziario',
      },
    },
  },
} satisfies MessageTree;

/** react-admin's own messages in Italian. */
const raItalian = mergeMessages(raLanguageItalian, overrides) as TranslationMessages;

export default raItalian;
