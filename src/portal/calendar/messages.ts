/**
 * Italian texts of the calendar pieces (`app.calendar.*`): the feed dialog and "Aggiungi al
 * calendario" (the layout's menu item, `app.calendar.menu_item`, is in src/i18n/portalShell.ts).
 */
export const calendarMessages = {
  title: 'Il tuo calendario',
  intro:
    'Aggiungi le tue sessioni al calendario che usi già: copia questo link personale e iscriviti al calendario. Le sessioni si aggiornano da sole.',
  url_label: 'Link del calendario',
  copy: 'Copia il link',
  copied: 'Link copiato negli appunti.',
  copy_failed: 'Copia non riuscita: seleziona il link e copialo a mano.',
  google_title: 'Google Calendar',
  google_steps:
    'Apri Google Calendar dal computer, accanto a "Altri calendari" scegli "+" e poi "Da URL", incolla il link e conferma con "Aggiungi calendario".',
  outlook_title: 'Outlook',
  outlook_steps:
    'In Outlook apri il Calendario, scegli "Aggiungi calendario" e poi "Sottoscrivi dal Web", incolla il link e conferma con "Importa".',
  secret_hint:
    'Il link è personale: chi lo conosce vede le tue sessioni. Se lo hai condiviso per errore, generane uno nuovo.',
  regenerate: 'Genera un nuovo link',
  regenerate_confirm:
    'Il link attuale smetterà subito di funzionare e andrà sostituito nei calendari in cui lo hai aggiunto. Continuare?',
  regenerated: 'Nuovo link generato: il precedente non funziona più.',
  regenerate_failed: 'Non è stato possibile generare un nuovo link. Riprova più tardi.',
  close: 'Chiudi',
  add_session: 'Aggiungi al calendario',
  add_session_failed: 'Non è stato possibile scaricare il file del calendario. Riprova più tardi.',
};
