/** `app.privacy.*`: "I miei dati", the person's own data page. */
export const privacyMessages = {
  title: 'I miei dati',
  intro:
    'Percorso conserva i dati che servono a seguire il tuo percorso di incubazione. Qui puoi scaricarli tutti e chiederne la cancellazione.',
  held_heading: 'Che cosa conserviamo',
  held: {
    account:
      "Il tuo profilo: nome, cognome, e-mail, codice fiscale, data di nascita, cellulare e immagine, come li ha forniti il provider di identità o l'amministrazione.",
    teams:
      'I ruoli che ti sono stati assegnati, i team di cui fai o hai fatto parte con le date, le sessioni che hai seguito come esperto.',
    attendances:
      'Le presenze alle sessioni online, con il nome e l’e-mail registrati dallo strumento di videoconferenza.',
    courses: 'I tuoi progressi nei videocorsi.',
    audit: 'Il registro delle modifiche che riguardano te o che hai fatto tu.',
    other:
      'Le segnalazioni di accessibilità che hai inviato, se hai attivato il calendario personale (mai il suo indirizzo segreto) e i tuoi accessi attivi (mai i codici di accesso).',
  },
  download_heading: 'Scarica i tuoi dati',
  download_text: 'Un file JSON con tutto ciò che Percorso conserva su di te.',
  download: 'Scarica i miei dati',
  downloaded: 'Download avviato: percorso-i-miei-dati.json.',
  download_failed: 'Download non riuscito: riprova tra qualche istante.',
  erasure_heading: 'Chiedi la cancellazione',
  erasure_text:
    'Lo staff eliminerà il tuo account: i tuoi dati personali saranno cancellati o resi anonimi ovunque (nel registro delle attività e nelle presenze resterà solo «Utente eliminato»). Non potrai più accedere con questo account.',
  erasure_request: 'Chiedi la cancellazione',
  erasure_loading: 'Verifica delle richieste in corso…',
  erasure_pending:
    'Hai chiesto la cancellazione il %{date}. La richiesta è in attesa: lo staff la eseguirà eliminando il tuo account.',
  erasure_sent: 'Richiesta di cancellazione inviata.',
  erasure_failed: 'Invio non riuscito: riprova tra qualche istante.',
  erasure_state_failed: 'Non è stato possibile verificare se hai già chiesto la cancellazione.',
  confirm_title: 'Chiedere la cancellazione dei tuoi dati?',
  confirm_text:
    'Lo staff eliminerà il tuo account e i tuoi dati personali. Prima, se vuoi, scarica i tuoi dati: dopo la cancellazione non sarà più possibile.',
  confirm: 'Sì, chiedi la cancellazione',
  cancel: 'Annulla',
};
