/*
 * The accessibility texts of the portal and of the report form; the sign-in screen's are in src/i18n/signIn.ts,
 * the statement's in src/i18n/statement.ts.
 */

/** `app.a11y.report.*`: the report form of /segnala-accessibilita. */
export const reportMessages = {
  intro:
    "Descrivi cosa non riesci a fare e in quale pagina: ti risponderemo all'indirizzo e-mail del tuo account entro 30 giorni.",
  intro_visitor:
    "Descrivi cosa non riesci a fare e in quale pagina: non serve un account. Ti risponderemo all'indirizzo e-mail che indichi entro 30 giorni.",
  name: 'Nome e cognome',
  name_required: 'Scrivi il tuo nome.',
  email: 'Indirizzo e-mail',
  email_hint: 'Ti risponderemo a questo indirizzo',
  email_required: "Scrivi l'indirizzo e-mail a cui risponderti.",
  email_invalid: 'Scrivi un indirizzo e-mail valido, ad esempio nome@dominio.it.',
  page_url: 'Pagina in cui si è presentato il problema',
  page_url_hint: "L'indirizzo o il nome della pagina (facoltativo)",
  description: 'Descrizione del problema',
  description_hint: 'Al massimo %{max} caratteri',
  description_required: 'Descrivi il problema.',
  description_too_long: 'La descrizione non può superare %{max} caratteri.',
  send: 'Invia la segnalazione',
  sent: 'Segnalazione inviata. Ti risponderemo entro il %{date}.',
  failed: 'Invio non riuscito: controlla i campi e riprova.',
  send_failed: 'Invio non riuscito: riprova tra qualche istante. Il testo che hai scritto è ancora qui.',
  another: "Invia un'altra segnalazione",
};
