/**
 * The Italian name of each API field, as validation messages show it ("Il campo nome è
 * obbligatorio."). The errors object stays keyed by the API field; only the text is Italian.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'nome',
  surname: 'cognome',
  email: 'email',
  mobile: 'cellulare',
  description: 'descrizione',
  page_url: 'indirizzo della pagina',
  start_time: 'data di inizio',
  end_time: 'data di fine',
  join_instructions: 'istruzioni per partecipare',
  type: 'tipo',
  team_id: 'team',
  expert_id: 'esperto',
  user_id: 'utente',
  expert_access: 'accesso',
  access: 'accesso',
  teams: 'team',
  owner_id: 'coordinatore',
  drive_url: 'link del Drive',
  tax_id: 'codice fiscale',
  birthdate: 'data di nascita',
  joined_on: 'data di ingresso',
  position: 'posizione',
  direction: 'direzione dello spostamento',
  video_url: 'URL del video',
  video_length: 'durata del video',
  published: 'pubblicazione',
  permissions: 'permessi',
  roles: 'ruoli',
  mooc_access: 'accesso ai videocorsi',
  avatar: 'logo',
  cover: 'cover',
  code: 'codice',
  duration: 'posizione di riproduzione',
  page: 'pagina',
  per_page: 'elementi per pagina',
  sort: 'ordinamento',
  filter: 'filtro',
  id: 'identificativo',
  request: 'richiesta',
  attendances: 'presenze',
  fields: 'campi',
  repeat: 'ripetizione',
  frequency: 'frequenza',
  count: 'numero di ripetizioni',
  until: 'data di fine della ripetizione',
  from: 'dal giorno',
  to: 'al giorno',
  length: 'durata del video',
  rate: 'velocità di riproduzione',
  state: 'stato',
  error: 'errore',
  error_description: "descrizione dell'errore",
  iss: 'emittente',
  code_verifier: 'verifica del codice',
  redirect_uri: 'indirizzo di ritorno',
  kind: 'tipo di errore',
  message: 'messaggio',
  stack: 'traccia dello stack',
  release: 'versione',
};

/** The Italian label of an API field; an unknown field keeps its own name. */
export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** "Il campo {label} è obbligatorio." */
export function requiredMessage(field: string): string {
  return `Il campo ${fieldLabel(field)} è obbligatorio.`;
}
