/** The demo startups. The first one is membro@example.com's team (id 1 on a fresh database). */
export interface TeamSpec {
  key: string;
  name: string;
  description: string;
  /** The coordinator (owner_id). */
  owner: string;
  members: string[];
  /** Limited-access experts who follow this team. */
  experts: string[];
  /** People who were members from the team's founding and left it `leftDaysAgo` days ago. */
  formerMembers?: Array<{ person: string; leftDaysAgo: number }>;
}

export const TEAMS: readonly TeamSpec[] = [
  {
    key: 'agrisense',
    name: 'Agrisense',
    description:
      "Sensori IoT a basso costo e una piattaforma di analisi per l'agricoltura di precisione: " +
      'meno acqua e fertilizzanti, raccolti più prevedibili per le aziende agricole del Piemonte.',
    owner: 'paolo.ricci',
    members: ['membro', 'giulia.ferrari', 'andrea.romano', 'federica.galli', 'matteo.costa'],
    experts: ['esperto'],
    // Also in Bottega Digitale from its founding; the reports of the weeks before he left still count him here.
    formerMembers: [{ person: 'simone.lombardo', leftDaysAgo: 40 }],
  },
  {
    key: 'bottega',
    name: 'Bottega Digitale',
    description:
      'Vetrine online chiavi in mano per artigiani e piccole botteghe: catalogo, pagamenti e spedizioni in un solo abbonamento.',
    owner: 'francesca.lombardi',
    members: ['lorenzo.mancini', 'martina.rizzo', 'simone.lombardo'],
    experts: [],
  },
  {
    key: 'medicare',
    name: 'MediCare Link',
    description:
      'Telemonitoraggio per anziani che vivono da soli: dispositivi indossabili, allarmi ai familiari e televisite con il medico di base.',
    owner: 'luca.moretti',
    members: ['valentina.marchetti', 'alessandro.greco', 'beatrice.caruso', 'riccardo.villa'],
    experts: ['esperto'],
  },
  {
    key: 'ecoricarica',
    name: 'EcoRicarica',
    description:
      'Rete di colonnine di ricarica a energia solare per bici e monopattini elettrici, installate presso bar e negozi di quartiere.',
    owner: 'chiara.barbieri',
    members: ['stefano.deluca', 'ilaria.serra', 'tommaso.fabbri', 'giorgia.longo', 'emanuele.gentile'],
    experts: [],
  },
  {
    key: 'sapori',
    name: 'Sapori Locali',
    description:
      'Marketplace a km zero che mette in contatto produttori agricoli, ristoranti e gruppi di acquisto solidale.',
    owner: 'paolo.ricci',
    members: ['antonio.martini', 'elisa.leone', 'niccolo.cattaneo', 'camilla.ferri'],
    experts: ['sara.conti'],
  },
  {
    key: 'eduplay',
    name: 'EduPlay',
    description: 'Giochi educativi per la scuola primaria che adattano la difficoltà ai progressi di ogni bambino.',
    owner: 'francesca.lombardi',
    members: ['filippo.santoro', 'sofia.marini', 'gabriele.pellegrini'],
    experts: ['sara.conti'],
  },
  {
    key: 'casaverde',
    name: 'CasaVerde',
    description:
      'Diagnosi energetica della casa con una app e un sensore: suggerisce gli interventi più convenienti e gestisce le pratiche per gli incentivi.',
    owner: 'luca.moretti',
    members: ['roberto.vitale', 'anna.bruno', 'michele.mariani', 'laura.rinaldi', 'daniele.sala', 'irene.testa'],
    experts: [],
  },
  {
    key: 'turistia',
    name: 'TuristIA',
    description:
      "Itinerari turistici su misura generati con l'intelligenza artificiale per i borghi meno conosciuti d'Italia.",
    owner: 'chiara.barbieri',
    members: ['francesco.morelli', 'alice.conte', 'pietro.bassi', 'noemi.ferrara'],
    experts: [],
  },
];
