/** What a kind of demo session is about; `where` is the join text of in-person or phone sessions. */
interface SessionTemplate {
  name: string;
  type: 'meet' | 'other';
  description: string;
  where?: string;
}

const VENUE = "la sede dell'incubatore, Via Nizza 150, Torino";

export const MEET_INSTRUCTIONS =
  "Per partecipare clicca su «Unisciti al Meet» qualche minuto prima dell'orario di inizio. " +
  "Accedi con l'account Google associato alla tua e-mail, verifica microfono e videocamera e " +
  "attendi che l'organizzatore ti ammetta alla riunione.";

const TEMPLATES = {
  kickoff: {
    name: 'Kick-off del programma di incubazione',
    type: 'meet',
    description:
      'Presentazione del percorso, del calendario e degli strumenti: conosceremo i team, i coordinatori e gli esperti che vi accompagneranno nei prossimi mesi.',
  },
  marketing: {
    name: 'Masterclass: marketing digitale per startup',
    type: 'meet',
    description:
      'Come costruire un funnel di acquisizione sostenibile: posizionamento, contenuti, campagne a pagamento e metriche da monitorare.',
  },
  legal: {
    name: 'Workshop: costituzione della società e patti parasociali',
    type: 'other',
    description:
      'Forme societarie, startup innovativa, statuto e patti tra soci: un notaio e un avvocato rispondono alle vostre domande.',
    where: `In presenza presso ${VENUE} – Sala Olivetti, secondo piano. Presentatevi all'accoglienza 10 minuti prima con un documento d'identità.`,
  },
  fundraising: {
    name: 'Q&A sul fundraising',
    type: 'meet',
    description:
      'Sessione aperta di domande e risposte su round pre-seed e seed, business angel, venture capital e bandi pubblici.',
  },
  community: {
    name: 'Check-in della community',
    type: 'meet',
    description: 'Aggiornamento rapido di tutti i team: risultati del mese, ostacoli incontrati e richieste di aiuto.',
  },
  finance: {
    name: 'Masterclass: piano economico-finanziario',
    type: 'meet',
    description:
      'Dal modello di ricavi al conto economico previsionale: costruiamo insieme il piano a tre anni e il fabbisogno finanziario.',
  },
  pitchWorkshop: {
    name: 'Workshop: pitch agli investitori',
    type: 'other',
    description:
      'Ogni team presenta il proprio pitch di 5 minuti e riceve un feedback strutturato da esperti e coordinatori.',
    where: `In presenza presso ${VENUE} – Sala Olivetti, secondo piano. Portate il pitch deck su chiavetta USB in formato PDF.`,
  },
  rehearsal: {
    name: 'Prove generali del Demo Day',
    type: 'meet',
    description: 'Prova completa delle presentazioni finali, con cronometro e domande simulate della giuria.',
  },
  demoDay: {
    name: 'Demo Day',
    type: 'other',
    description:
      'Presentazione finale dei team a investitori, aziende partner e stampa. Segue un momento di networking con aperitivo.',
    where: `Auditorium presso ${VENUE}. Ingresso del pubblico dalle 16:30; i team sono attesi alle 15:30 per le prove tecniche.`,
  },
  officeHour: {
    name: "Office hour con l'esperto",
    type: 'meet',
    description: "Mezz'ora a disposizione del team per dubbi puntuali su prodotto, mercato o organizzazione.",
  },
  mentoring: {
    name: 'Mentoring one-to-one',
    type: 'meet',
    description:
      'Incontro con il mentor per fare il punto sugli obiettivi del mese e sulle priorità delle prossime settimane.',
  },
  canvas: {
    name: 'Revisione del business model canvas',
    type: 'meet',
    description:
      'Analisi blocco per blocco del canvas del team: segmenti di clientela, proposta di valore, canali e flussi di ricavi.',
  },
  pitchReview: {
    name: 'Revisione del pitch deck',
    type: 'meet',
    description:
      'Lettura critica del pitch deck slide per slide, con suggerimenti su storia, numeri e richiesta di investimento.',
  },
  validation: {
    name: 'Validazione del mercato: interviste ai clienti',
    type: 'meet',
    description:
      'Come preparare e condurre le interviste ai potenziali clienti e trasformare le risposte in decisioni di prodotto.',
  },
  checkin: {
    name: 'Check-in mensile con il coordinatore',
    type: 'other',
    description: 'Punto mensile sugli avanzamenti del team e sulle attività del mese successivo.',
    where:
      'Chiamata telefonica: il coordinatore chiamerà il referente del team al numero di cellulare indicato nel profilo.',
  },
  joint: {
    name: 'Tavolo di lavoro tra team',
    type: 'meet',
    description: 'Incontro tra team con esigenze simili per condividere fornitori, contatti e lezioni apprese.',
  },
  angels: {
    name: 'Incontro con i business angel',
    type: 'other',
    description:
      'Presentazione riservata a un gruppo di business angel del territorio, con colloqui individuali a seguire.',
    where: `In presenza presso ${VENUE} – Sala riunioni Lingotto, primo piano.`,
  },
} satisfies Record<string, SessionTemplate>;

export interface SessionSpec {
  template: SessionTemplate;
  /** Days from today (local calendar), negative in the past. */
  day: number;
  /** Local start time, HH:MM (Europe/Rome). */
  time: string;
  /** Minutes; null leaves end_time empty. */
  minutes: number | null;
  /** Team keys; empty means valid for all teams. */
  teams: string[];
  experts: string[];
}

type Row = [keyof typeof TEMPLATES, number, string, number | null, string[], string[]];

// prettier-ignore
const PLAN: Row[] = [
  // For every team
  ['kickoff', -56, '10:00', 120, [], ['esperto', 'giorgio.ferraro']],
  ['marketing', -42, '15:00', 90, [], ['giorgio.ferraro']],
  ['legal', -28, '10:00', 180, [], ['giorgio.ferraro']],
  ['fundraising', -14, '14:30', 90, [], ['esperto', 'giorgio.ferraro']],
  ['community', -3, '11:00', 60, [], []],
  ['finance', 4, '15:00', 90, [], ['giorgio.ferraro']],
  ['pitchWorkshop', 18, '10:00', 180, [], ['esperto']],
  ['rehearsal', 35, '09:30', 120, [], ['esperto', 'giorgio.ferraro']],
  ['demoDay', 55, '17:00', 240, [], ['esperto', 'giorgio.ferraro', 'sara.conti']],
  // Agrisense (membro@example.com's team)
  ['officeHour', -49, '16:00', 30, ['agrisense'], ['esperto']],
  ['mentoring', -35, '11:30', 60, ['agrisense'], ['esperto']],
  ['canvas', -21, '14:00', 90, ['agrisense'], ['giorgio.ferraro']],
  ['checkin', -9, '09:00', null, ['agrisense'], []],
  ['pitchReview', -2, '15:30', 60, ['agrisense'], ['esperto']],
  ['officeHour', 0, '17:00', 30, ['agrisense'], ['esperto']],
  ['mentoring', 2, '11:00', 60, ['agrisense'], ['esperto']],
  ['validation', 6, '14:30', 90, ['agrisense'], ['giorgio.ferraro']],
  ['officeHour', 13, '16:00', 30, ['agrisense'], ['esperto']],
  ['pitchReview', 27, '10:30', 60, ['agrisense'], ['esperto']],
  ['checkin', 41, '09:00', null, ['agrisense'], []],
  // Bottega Digitale
  ['canvas', -40, '10:00', 90, ['bottega'], ['giorgio.ferraro']],
  ['mentoring', -12, '16:30', 60, ['bottega'], []],
  ['validation', 9, '11:00', 90, ['bottega'], ['giorgio.ferraro']],
  ['checkin', 30, '09:30', null, ['bottega'], []],
  // MediCare Link
  ['officeHour', -45, '17:00', 30, ['medicare'], ['esperto']],
  ['validation', -18, '10:00', 90, ['medicare'], ['esperto']],
  ['mentoring', -5, '12:00', 60, ['medicare'], ['esperto']],
  ['pitchReview', 3, '16:00', 60, ['medicare'], ['esperto']],
  ['officeHour', 16, '17:00', 30, ['medicare'], ['esperto']],
  ['checkin', 38, '09:00', null, ['medicare'], []],
  // EcoRicarica
  ['canvas', -33, '15:00', 90, ['ecoricarica'], ['giorgio.ferraro']],
  ['angels', 11, '18:00', 120, ['ecoricarica'], ['giorgio.ferraro']],
  // Sapori Locali
  ['mentoring', -25, '10:30', 60, ['sapori'], ['sara.conti']],
  ['officeHour', 8, '15:00', 30, ['sapori'], ['sara.conti']],
  ['pitchReview', 24, '11:30', 60, ['sapori'], ['sara.conti']],
  // EduPlay
  ['validation', -19, '14:00', 90, ['eduplay'], ['sara.conti']],
  ['mentoring', 20, '10:00', 60, ['eduplay'], ['sara.conti']],
  // CasaVerde
  ['mentoring', -38, '09:30', 60, ['casaverde'], []],
  ['canvas', 15, '14:00', 90, ['casaverde'], ['giorgio.ferraro']],
  // TuristIA
  ['pitchReview', -7, '16:00', 60, ['turistia'], ['giorgio.ferraro']],
  ['validation', 26, '11:00', 90, ['turistia'], []],
  // Several teams together
  ['joint', -11, '15:00', 90, ['agrisense', 'medicare'], ['esperto']],
  ['angels', 45, '18:00', 120, ['bottega', 'ecoricarica', 'casaverde'], ['giorgio.ferraro']],
];

export const SESSIONS: readonly SessionSpec[] = PLAN.map(([key, day, time, minutes, teams, experts]) => ({
  template: TEMPLATES[key],
  day,
  time,
  minutes,
  teams,
  experts,
}));
