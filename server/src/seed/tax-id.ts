/**
 * Italian tax codes (codice fiscale) computed with the real algorithm, so the demo data looks and
 * validates like the real thing. Homocodies are ignored.
 */

const MONTH_LETTERS = 'ABCDEHLMPRST';
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const VOWELS = new Set(['A', 'E', 'I', 'O', 'U']);

function lettersOf(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase()
    .split('');
}

function threeLetters(consonants: string[], vowels: string[]): string {
  return [...consonants, ...vowels, 'X', 'X', 'X'].slice(0, 3).join('');
}

function surnameCode(surname: string): string {
  const letters = lettersOf(surname);
  return threeLetters(
    letters.filter((c) => !VOWELS.has(c)),
    letters.filter((c) => VOWELS.has(c)),
  );
}

function nameCode(name: string): string {
  const letters = lettersOf(name);
  const consonants = letters.filter((c) => !VOWELS.has(c));
  const picked = consonants.length >= 4 ? [consonants[0], consonants[2], consonants[3]] : consonants;
  return threeLetters(
    picked,
    letters.filter((c) => VOWELS.has(c)),
  );
}

/** Value of one character of the first 15: digits count as the letter of the same index. */
function indexOf(char: string): number {
  return /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 65;
}

function checkLetter(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    const index = indexOf(partial[i]);
    // Positions are counted from 1: odd positions use the odd table.
    sum += i % 2 === 0 ? ODD_VALUES[index] : index;
  }
  return String.fromCharCode(65 + (sum % 26));
}

export interface TaxIdInput {
  name: string;
  surname: string;
  /** ISO date, YYYY-MM-DD. */
  birthdate: string;
  female: boolean;
  /** Cadastral code of the town of birth, e.g. H501 for Roma. */
  townCode: string;
}

export function italianTaxId({ name, surname, birthdate, female, townCode }: TaxIdInput): string {
  const [year, month, day] = birthdate.split('-').map(Number);
  const dayCode = String(day + (female ? 40 : 0)).padStart(2, '0');
  const partial =
    surnameCode(surname) +
    nameCode(name) +
    String(year % 100).padStart(2, '0') +
    MONTH_LETTERS[month - 1] +
    dayCode +
    townCode;
  return partial + checkLetter(partial);
}
