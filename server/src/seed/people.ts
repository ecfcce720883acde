import type { NewUser } from '../db/schema.js';
import type { SeedClock } from './clock.js';
import type { SeededRandom } from './random.js';
import type { RoleKey } from './roles.js';
import { italianTaxId } from './tax-id.js';

/** Who a demo person is; `key` is how teams, sessions and progress refer to them. */
export interface PersonSpec {
  key: string;
  name: string;
  surname: string;
  female: boolean;
  /** Demo login accounts keep their exact e-mail; everybody else gets name.surname@example.com. */
  email?: string;
  birthdate?: string;
  townCode?: string;
  showBirthdate?: boolean;
  hasTaxId?: boolean;
  hasMobile?: boolean;
  expert?: 'complete' | 'limited';
  mooc?: boolean;
  roles?: RoleKey[];
}

/** The five demo accounts the README lists, one for each kind of person the portal serves. */
const DEMO_ACCOUNTS: PersonSpec[] = [
  {
    key: 'admin',
    name: 'Alessandra',
    surname: 'Bianchi',
    female: true,
    email: 'admin@example.com',
    birthdate: '1982-04-12',
    townCode: 'L219',
    showBirthdate: true,
    hasMobile: true,
    mooc: true,
    roles: ['admin'],
  },
  {
    key: 'dev',
    name: 'Davide',
    surname: 'Russo',
    female: false,
    email: 'dev@example.com',
    birthdate: '1990-09-03',
    townCode: 'F205',
    showBirthdate: true,
    hasMobile: true,
    mooc: true,
    roles: ['developer'],
  },
  {
    key: 'esperto',
    name: 'Elena',
    surname: 'Esposito',
    female: true,
    email: 'esperto@example.com',
    birthdate: '1978-02-25',
    townCode: 'F839',
    showBirthdate: true,
    hasMobile: true,
    expert: 'limited',
  },
  {
    key: 'membro',
    name: 'Marco',
    surname: 'Rossi',
    female: false,
    email: 'membro@example.com',
    birthdate: '1995-06-18',
    townCode: 'H501',
    showBirthdate: true,
    hasMobile: true,
    mooc: true,
  },
  {
    key: 'ospite',
    name: 'Olivia',
    surname: 'Gallo',
    female: true,
    email: 'ospite@example.com',
    birthdate: '1998-11-07',
    townCode: 'A944',
    showBirthdate: false,
    hasMobile: false,
  },
];

/** Everybody else: experts, programme coordinators, a content manager and the startup teams. */
const OTHERS: PersonSpec[] = [
  { key: 'giorgio.ferraro', name: 'Giorgio', surname: 'Ferraro', female: false, expert: 'complete', hasMobile: true },
  {
    key: 'sara.conti',
    name: 'Sara',
    surname: 'Conti',
    female: true,
    expert: 'limited',
    hasMobile: true,
    hasTaxId: false,
  },
  { key: 'paolo.ricci', name: 'Paolo', surname: 'Ricci', female: false, hasMobile: true, roles: ['coordinator'] },
  {
    key: 'francesca.lombardi',
    name: 'Francesca',
    surname: 'Lombardi',
    female: true,
    hasMobile: true,
    roles: ['coordinator'],
  },
  { key: 'luca.moretti', name: 'Luca', surname: 'Moretti', female: false, hasMobile: true, roles: ['coordinator'] },
  {
    key: 'chiara.barbieri',
    name: 'Chiara',
    surname: 'Barbieri',
    female: true,
    hasMobile: true,
    roles: ['coordinator'],
  },
  { key: 'silvia.fontana', name: 'Silvia', surname: 'Fontana', female: true, mooc: true, roles: ['content'] },
  // Agrisense
  { key: 'giulia.ferrari', name: 'Giulia', surname: 'Ferrari', female: true, mooc: true },
  { key: 'andrea.romano', name: 'Andrea', surname: 'Romano', female: false, mooc: true },
  { key: 'federica.galli', name: 'Federica', surname: 'Galli', female: true },
  { key: 'matteo.costa', name: 'Matteo', surname: 'Costa', female: false, mooc: true },
  // Bottega Digitale
  { key: 'lorenzo.mancini', name: 'Lorenzo', surname: 'Mancini', female: false },
  { key: 'martina.rizzo', name: 'Martina', surname: 'Rizzo', female: true },
  { key: 'simone.lombardo', name: 'Simone', surname: 'Lombardo', female: false },
  // MediCare Link
  { key: 'valentina.marchetti', name: 'Valentina', surname: 'Marchetti', female: true, mooc: true },
  { key: 'alessandro.greco', name: 'Alessandro', surname: 'Greco', female: false, mooc: true },
  { key: 'beatrice.caruso', name: 'Beatrice', surname: 'Caruso', female: true, mooc: true },
  { key: 'riccardo.villa', name: 'Riccardo', surname: 'Villa', female: false },
  // EcoRicarica
  { key: 'stefano.deluca', name: 'Stefano', surname: 'De Luca', female: false, mooc: true },
  { key: 'ilaria.serra', name: 'Ilaria', surname: 'Serra', female: true, mooc: true },
  { key: 'tommaso.fabbri', name: 'Tommaso', surname: 'Fabbri', female: false },
  { key: 'giorgia.longo', name: 'Giorgia', surname: 'Longo', female: true, mooc: true },
  { key: 'emanuele.gentile', name: 'Emanuele', surname: 'Gentile', female: false },
  // Sapori Locali
  { key: 'antonio.martini', name: 'Antonio', surname: 'Martini', female: false },
  { key: 'elisa.leone', name: 'Elisa', surname: 'Leone', female: true },
  { key: 'niccolo.cattaneo', name: 'Niccolò', surname: 'Cattaneo', female: false },
  { key: 'camilla.ferri', name: 'Camilla', surname: 'Ferri', female: true },
  // EduPlay
  { key: 'filippo.santoro', name: 'Filippo', surname: 'Santoro', female: false },
  { key: 'sofia.marini', name: 'Sofia', surname: 'Marini', female: true },
  { key: 'gabriele.pellegrini', name: 'Gabriele', surname: 'Pellegrini', female: false },
  // CasaVerde
  { key: 'roberto.vitale', name: 'Roberto', surname: 'Vitale', female: false, mooc: true },
  { key: 'anna.bruno', name: 'Anna', surname: 'Bruno', female: true, mooc: true },
  { key: 'michele.mariani', name: 'Michele', surname: 'Mariani', female: false },
  { key: 'laura.rinaldi', name: 'Laura', surname: 'Rinaldi', female: true, mooc: true },
  { key: 'daniele.sala', name: 'Daniele', surname: 'Sala', female: false },
  { key: 'irene.testa', name: 'Irene', surname: 'Testa', female: true },
  // TuristIA
  { key: 'francesco.morelli', name: 'Francesco', surname: 'Morelli', female: false },
  { key: 'alice.conte', name: 'Alice', surname: 'Conte', female: true },
  { key: 'pietro.bassi', name: 'Pietro', surname: 'Bassi', female: false },
  { key: 'noemi.ferrara', name: 'Noemi', surname: 'Ferrara', female: true },
  // Registered, not (yet) in a team
  { key: 'giacomo.benedetti', name: 'Giacomo', surname: 'Benedetti', female: false, mooc: true },
  { key: 'marta.guerra', name: 'Marta', surname: 'Guerra', female: true },
];

export const PEOPLE: readonly PersonSpec[] = [...DEMO_ACCOUNTS, ...OTHERS];

/** Cadastral codes of a few large towns (Roma, Milano, Napoli, Torino, Bologna, Firenze, ...). */
const TOWN_CODES = ['H501', 'F205', 'F839', 'L219', 'A944', 'D612', 'G273', 'A662', 'L736', 'D969', 'L424', 'B157'];
const MOBILE_PREFIXES = [
  '320',
  '328',
  '329',
  '333',
  '335',
  '338',
  '339',
  '340',
  '345',
  '347',
  '348',
  '349',
  '366',
  '380',
  '388',
  '392',
  '393',
];

function randomBirthdate(random: SeededRandom): string {
  const year = random.int(1972, 2002);
  const month = random.int(1, 12);
  const day = random.int(1, 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function randomMobile(random: SeededRandom): string {
  return `+39 ${random.pick(MOBILE_PREFIXES)} ${random.text('0123456789', 3)} ${random.text('0123456789', 4)}`;
}

/** The users row of each person, in PEOPLE order; accounts are created over the last 90 days. */
export function userRows(random: SeededRandom, clock: SeedClock): NewUser[] {
  return PEOPLE.map((person, index) => {
    const birthdate = person.birthdate ?? randomBirthdate(random);
    const townCode = person.townCode ?? random.pick(TOWN_CODES);
    const showBirthdate = person.showBirthdate ?? random.chance(0.6);
    const hasMobile = person.hasMobile ?? random.chance(0.6);
    const createdAt = clock.daysAgo(90 - index * 1.5);
    return {
      name: person.name,
      surname: person.surname,
      email: person.email ?? `${person.key}@example.com`,
      tax_id:
        person.hasTaxId === false
          ? null
          : italianTaxId({ name: person.name, surname: person.surname, birthdate, female: person.female, townCode }),
      birthdate: showBirthdate ? birthdate : null,
      avatar: null,
      mobile: hasMobile ? randomMobile(random) : null,
      is_expert: person.expert ? 1 : 0,
      expert_access: person.expert ?? null,
      mooc_access: person.mooc ? 1 : 0,
      oidc_subject: null,
      demo: 1,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
}
