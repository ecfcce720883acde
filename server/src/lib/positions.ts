import { isUniqueViolation } from '../db/errors.js';
import { validationFailed } from './errors.js';

/**
 * Modules in a course and lessons in a module are shown and played in the order of their
 * positions, so each place holds one of them: a second one at a taken place is refused under the
 * field, naming what is there (to swap two, move one to a free place first).
 */
export function positionTakenMessage(position: number, holder: string): string {
  return `La posizione ${position} è già occupata ${holder}: scegline un'altra.`;
}

/**
 * Runs a write that puts something at `position`. The body rules refused a taken place already;
 * one taken in the meantime (another save at the same moment, caught by the unique index) gets the
 * same answer under the field. `holder` names what is there now, e.g. «dal modulo «Avvio»».
 */
export async function writeAtPosition<T>(position: number, write: () => Promise<T>, holder: () => Promise<string>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw validationFailed({ position: [positionTakenMessage(position, await holder())] });
  }
}
