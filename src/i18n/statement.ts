/** `app.a11y.statement.*`: the texts of /accessibilita, which that page adds when it loads. */
export const statementMessages = {
  title: 'Dichiarazione di accessibilità',
  intro:
    "L'incubatore si impegna a rendere accessibile il portale Percorso, conformemente alla legge 9 gennaio 2004, n. 4 (Legge Stanca) e alle Linee guida sull'accessibilità degli strumenti informatici emanate da AgID. La presente dichiarazione di accessibilità si applica al portale Percorso (area team, videocorsi e back-office).",
  status_heading: 'Stato di conformità',
  status:
    "Il portale è parzialmente conforme ai requisiti previsti dall'allegato A alla norma UNI CEI EN 301549:2021 (WCAG 2.1 livello AA), in ragione dei casi di non conformità elencati di seguito.",
  not_accessible_heading: 'Contenuti non accessibili',
  not_accessible_intro: 'I contenuti elencati di seguito non sono ancora accessibili, per i motivi indicati.',
  not_accessible_third_party:
    'Lezioni ospitate su YouTube o su altri servizi esterni: il lettore video è di terze parti e la sua accessibilità non dipende dal portale; dove possibile le lezioni sono caricate come video del portale, con comandi accessibili da tastiera.',
  not_accessible_captions:
    'Sottotitoli e trascrizioni delle videolezioni (criteri 1.2.2 e 1.2.3): non tutte le lezioni li hanno ancora; i contenuti sono forniti dai docenti e vengono aggiunti man mano. Chi ne ha bisogno per una lezione può chiederlo con il modulo "Segnala un problema di accessibilità" (vedi "Meccanismo di feedback").',
  not_accessible_crop:
    "Ritaglio del logo del team (criterio 2.5.7): il ritaglio si sposta anche con le frecce e lo zoom ha un cursore, ma la regolazione fine dell'inquadratura è più agevole con il mouse o il tocco.",
  preparation_heading: 'Redazione della dichiarazione',
  preparation_date: 'La dichiarazione è stata redatta il %{date}.',
  preparation_method:
    'La valutazione è stata fatta dal gruppo di sviluppo (autovalutazione): controlli automatici con axe-core su ogni schermata e finestra di dialogo, a larghezza desktop (1280 px) e telefono (390 px), e prove manuali di tutti i percorsi principali usando solo la tastiera, con verifica di dove si trova il focus, che sia visibile e non coperto.',
  feedback_heading: 'Meccanismo di feedback',
  feedback:
    'Chiunque, anche senza un account, può segnalare un problema di accessibilità o chiedere un contenuto in forma accessibile con il modulo "Segnala un problema di accessibilità". L\'incubatore risponde entro 30 giorni dalla segnalazione.',
  feedback_link: 'Segnala un problema di accessibilità',
  enforcement_heading: 'Procedura di attuazione',
  enforcement:
    "In caso di risposta insoddisfacente o di mancata risposta entro 30 giorni, è possibile inoltrare una segnalazione al Difensore civico per il digitale istituito presso AgID, ai sensi dell'articolo 3-quinquies, comma 3, della legge 9 gennaio 2004, n. 4.",
  enforcement_link: 'Difensore civico per il digitale (AgID)',
};
