/**
 * The Italian words of a new resource: its labels as the developer gives them (or as derived from
 * its name) and the articles and agreements the back-office's sentences need ("Nuova sede",
 * "Tutti gli sponsor", "Nessun partner trovato"). Pure functions.
 */
export interface ItalianLabels {
  /** Singular, capitalised: the audit trail's type, the form titles ("Partner"). */
  label: string;
  /** Plural, capitalised: the menu and the page title ("Partners"). */
  labelPlural: string;
  feminine: boolean;
}

/** The words a back-office section says, used by the templates. */
export interface ItalianWords {
  label: string;
  labelPlural: string;
  /** Lower case, inside a sentence. */
  one: string;
  many: string;
  /** "Tutti i partners", "Tutte le sedi". */
  all: string;
  /** "Nessun partner trovato". */
  none: string;
  /** "Nuovo partner". */
  new: string;
  /** "Modifica partner". */
  edit: string;
  /** "il partner", "la sede", "l'evento". */
  theOne: string;
  /** "i partners", "gli sponsor", "le sedi". */
  theMany: string;
  /** "un partner", "uno sponsor", "una sede", "un'aula". */
  aOne: string;
  /** "Partner non trovato." */
  notFound: string;
}

const VOWEL = /^[aeiouàèéìòóù]/i;
/** Where Italian writes "lo", "gli", "uno": s + consonant, z, gn, ps, pn, x, y. */
const IMPURE = /^(?:s[^aeiouàèéìòóù]|z|gn|ps|pn|x|y)/i;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "partners" → "Partners", "office_hours" → "Office hours". */
export function labelFromName(name: string): string {
  return capitalise(name.replace(/[_-]+/g, ' '));
}

export function italianWords({ label, labelPlural, feminine }: ItalianLabels): ItalianWords {
  const one = label.toLowerCase();
  const many = labelPlural.toLowerCase();
  if (feminine) {
    return {
      label,
      labelPlural,
      one,
      many,
      all: `Tutte le ${many}`,
      none: `Nessuna ${one} trovata`,
      new: `Nuova ${one}`,
      edit: `Modifica ${one}`,
      theOne: VOWEL.test(one) ? `l'${one}` : `la ${one}`,
      theMany: `le ${many}`,
      aOne: VOWEL.test(one) ? `un'${one}` : `una ${one}`,
      notFound: `${label} non trovata.`,
    };
  }
  const impure = IMPURE.test(one);
  const manyArticle = VOWEL.test(many) || IMPURE.test(many) ? 'gli' : 'i';
  return {
    label,
    labelPlural,
    one,
    many,
    all: `Tutti ${manyArticle} ${many}`,
    none: `${impure ? 'Nessuno' : 'Nessun'} ${one} trovato`,
    new: `Nuovo ${one}`,
    edit: `Modifica ${one}`,
    theOne: VOWEL.test(one) ? `l'${one}` : impure ? `lo ${one}` : `il ${one}`,
    theMany: `${manyArticle} ${many}`,
    aOne: impure ? `uno ${one}` : `un ${one}`,
    notFound: `${label} non trovato.`,
  };
}
