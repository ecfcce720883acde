/** The synthetic videos shipped in server/assets/videos (see its README), with their real length. */
export const DEMO_VIDEOS = {
  welcome: { file: 'benvenuti.mp4', seconds: 16 },
  canvas: { file: 'business-model-canvas.mp4', seconds: 20 },
  pitch: { file: 'pitch-investitori.mp4', seconds: 18 },
  validation: { file: 'validazione-mercato.mp4', seconds: 22 },
} as const;

export type DemoVideo = keyof typeof DEMO_VIDEOS;

/** Big Buck Bunny (Blender Foundation, CC BY 3.0): shows that YouTube lessons work too. */
const YOUTUBE_LESSON_URL = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';

export interface LessonSpec {
  key: string;
  name: string;
  description: string | null;
  video: DemoVideo | { url: string };
}

export interface ModuleSpec {
  name: string;
  description: string | null;
  lessons: LessonSpec[];
}

export interface CourseSpec {
  name: string;
  description: string;
  published: boolean;
  modules: ModuleSpec[];
}

export function videoUrlOf(video: LessonSpec['video']): string {
  return typeof video === 'string' ? `/storage/videos/${DEMO_VIDEOS[video].file}` : video.url;
}

export function videoLengthOf(video: LessonSpec['video']): number | null {
  return typeof video === 'string' ? DEMO_VIDEOS[video].seconds : null;
}

export const COURSES: readonly CourseSpec[] = [
  {
    name: 'Fondamenti di impresa per startup',
    description:
      "Dall'idea al primo round: gli strumenti essenziali per trasformare un progetto in un'impresa sostenibile.",
    published: true,
    modules: [
      {
        name: "Dall'idea al modello di business",
        description: 'Mettere a fuoco il problema, il cliente e il modo in cui la startup crea e cattura valore.',
        lessons: [
          {
            key: 'welcome',
            name: 'Benvenuti nel percorso',
            description: 'Come è organizzato il videocorso e come usare al meglio le sessioni con gli esperti.',
            video: 'welcome',
          },
          {
            key: 'canvas',
            name: 'Business model canvas',
            description:
              'I nove blocchi del canvas spiegati con un esempio concreto: segmenti di clientela, proposta di valore, canali, relazioni, ricavi, risorse, attività, partner e costi.',
            video: 'canvas',
          },
          {
            key: 'validation',
            name: 'Validazione del mercato',
            description:
              'Interviste ai clienti, landing page e primi esperimenti per verificare le ipotesi prima di sviluppare il prodotto.',
            video: 'validation',
          },
        ],
      },
      {
        name: 'Raccontare la startup',
        description: 'Costruire una storia convincente per clienti, partner e investitori.',
        lessons: [
          {
            key: 'pitch',
            name: 'Pitch agli investitori',
            description: 'La struttura di un pitch efficace in dieci slide e gli errori più comuni da evitare.',
            video: 'pitch',
          },
          {
            key: 'elevator',
            name: 'Elevator pitch in 60 secondi',
            description: null,
            video: 'welcome',
          },
        ],
      },
      {
        name: 'Numeri e finanziamenti',
        description: 'Metriche, piano economico e strumenti di finanziamento per le prime fasi.',
        lessons: [
          {
            key: 'unitEconomics',
            name: 'Unit economics: CAC e LTV',
            description:
              'Quanto costa acquisire un cliente e quanto vale nel tempo: le due metriche che ogni investitore chiede.',
            video: 'canvas',
          },
          {
            key: 'capTable',
            name: 'Cap table e round di investimento',
            description: 'Come cambia la compagine sociale a ogni round: diluizione, pre-money e post-money.',
            video: 'validation',
          },
          {
            key: 'grants',
            name: 'Bandi e agevolazioni per startup innovative',
            description: 'Smart&Start, Fondo di garanzia, crowdfunding e incentivi fiscali per chi investe.',
            video: 'pitch',
          },
        ],
      },
    ],
  },
  {
    name: 'Go-to-market e crescita',
    description: 'Portare il prodotto sul mercato, trovare i primi clienti paganti e misurare la crescita.',
    published: true,
    modules: [
      {
        name: 'Marketing digitale',
        description: 'Posizionamento, contenuti e campagne per acquisire i primi utenti.',
        lessons: [
          {
            key: 'positioning',
            name: 'Posizionamento e proposta di valore',
            description: 'Come distinguersi dai concorrenti con un messaggio chiaro e verificabile.',
            video: 'validation',
          },
          {
            key: 'funnel',
            name: 'Il funnel di acquisizione',
            description: 'Dalla prima visita al cliente pagante: tappe, metriche e strumenti gratuiti per misurarle.',
            video: 'canvas',
          },
        ],
      },
      {
        name: 'Vendite B2B',
        description: 'Processo di vendita, trattative e primi contratti con le aziende.',
        lessons: [
          {
            key: 'pipeline',
            name: 'Costruire la pipeline commerciale',
            description: 'Qualificare i contatti, organizzare il CRM e prevedere le vendite del trimestre.',
            video: 'pitch',
          },
          {
            key: 'negotiation',
            name: 'Trattativa e chiusura del contratto',
            description: 'Prezzo, condizioni di pagamento e progetti pilota: come arrivare alla firma.',
            video: 'welcome',
          },
          {
            key: 'caseStudy',
            name: 'Caso di studio: un cortometraggio open source',
            description: 'Una lezione ospitata su YouTube, per provare il lettore con un video esterno.',
            video: { url: YOUTUBE_LESSON_URL },
          },
        ],
      },
    ],
  },
  {
    name: 'Aspetti legali per startup innovative',
    description: 'Bozza in preparazione: forma societaria, proprietà intellettuale e contratti.',
    published: false,
    modules: [
      {
        name: 'Costituire la società',
        description: 'Srl, startup innovativa e registro speciale.',
        lessons: [
          {
            key: 'company',
            name: 'Srl semplificata o ordinaria?',
            description: 'Costi, tempi e adempimenti delle due forme più scelte dalle startup.',
            video: 'canvas',
          },
          {
            key: 'register',
            name: 'Iscrizione nella sezione speciale delle startup innovative',
            description: 'Requisiti, documenti e vantaggi della sezione speciale del Registro delle imprese.',
            video: 'validation',
          },
        ],
      },
      {
        name: 'Proprietà intellettuale',
        description: null,
        lessons: [
          {
            key: 'trademark',
            name: 'Marchi, brevetti e software',
            description: 'Cosa si può proteggere, come e quando conviene farlo.',
            video: 'pitch',
          },
          {
            key: 'nda',
            name: 'Accordi di riservatezza',
            description: null,
            video: 'welcome',
          },
        ],
      },
    ],
  },
];

/**
 * Lessons watched by demo learners: `share` of the video really watched (1 = to the end).
 * membro@example.com has finished some lessons and is half-way through others; the rest are
 * untouched, so the lesson player can be tried from the start.
 */
export const PROGRESS: ReadonlyArray<{ person: string; lesson: string; share: number; daysAgo: number }> = [
  { person: 'membro', lesson: 'welcome', share: 1, daysAgo: 20 },
  { person: 'membro', lesson: 'canvas', share: 1, daysAgo: 19 },
  { person: 'membro', lesson: 'validation', share: 0.4, daysAgo: 12 },
  { person: 'membro', lesson: 'pitch', share: 1, daysAgo: 8 },
  { person: 'membro', lesson: 'positioning', share: 0.5, daysAgo: 3 },
  { person: 'giulia.ferrari', lesson: 'welcome', share: 1, daysAgo: 25 },
  { person: 'giulia.ferrari', lesson: 'canvas', share: 0.3, daysAgo: 24 },
  { person: 'valentina.marchetti', lesson: 'welcome', share: 1, daysAgo: 15 },
  { person: 'valentina.marchetti', lesson: 'canvas', share: 1, daysAgo: 15 },
  { person: 'valentina.marchetti', lesson: 'validation', share: 1, daysAgo: 14 },
  { person: 'valentina.marchetti', lesson: 'pitch', share: 0.6, daysAgo: 10 },
  { person: 'giacomo.benedetti', lesson: 'welcome', share: 1, daysAgo: 6 },
  { person: 'giacomo.benedetti', lesson: 'positioning', share: 1, daysAgo: 5 },
  { person: 'giacomo.benedetti', lesson: 'funnel', share: 0.25, daysAgo: 4 },
];
