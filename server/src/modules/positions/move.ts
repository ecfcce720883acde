import { isUniqueViolation } from '../../db/errors.js';
import { HttpError, orNotFound, validationFailed } from '../../http/errors.js';
import type { MoveDirection } from './schemas.js';
import type { SwapOutcome } from './swap.js';

/**
 * Modules in a course and lessons in a module are shown and played in the order of their
 * positions, so each place holds one of them: a second one at a taken place is refused under the
 * field, naming what is there. To swap two neighbours, the move routes (POST …/move) do it in one
 * step (positions/swap.ts).
 */
export function positionTakenMessage(position: number, holder: string): string {
  return `La posizione ${position} è già occupata ${holder}: scegline un'altra.`;
}

/**
 * Runs a write that puts something at `position`. The body rules refused a taken place already;
 * one taken in the meantime (another save at the same moment, caught by the unique index) gets the
 * same answer under the field. `holder` names what is there now, e.g. «dal modulo «Avvio»».
 */
export async function writeAtPosition<T>(
  position: number,
  write: () => Promise<T>,
  holder: () => Promise<string>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw validationFailed({ position: [positionTakenMessage(position, await holder())] });
  }
}

/** What a move answers when there is nothing to swap with, per kind and direction. */
export const MOVE_EDGE_MESSAGES = {
  module: { earlier: 'Il modulo è già il primo.', later: "Il modulo è già l'ultimo." },
  lesson: { earlier: 'La lezione è già la prima.', later: "La lezione è già l'ultima." },
} as const;

export const MOVE_CONFLICT_MESSAGE =
  "Nel frattempo l'ordine è stato modificato da un'altra operazione: ricarica la pagina e riprova.";

/**
 * The ids a move swapped (the moved one first), or the refusal: 422 at the first or last place
 * (under `direction`), 404 when the row went away meanwhile, 409 when another write changed the
 * order at the same moment.
 */
export function swappedOrRefused(
  outcome: SwapOutcome,
  kind: 'module' | 'lesson',
  direction: MoveDirection,
): [number, number] {
  switch (outcome.status) {
    case 'swapped':
      return outcome.ids;
    case 'edge':
      throw validationFailed({ direction: [MOVE_EDGE_MESSAGES[kind][direction]] });
    case 'conflict':
      throw new HttpError(409, MOVE_CONFLICT_MESSAGE);
    case 'missing':
      return orNotFound<[number, number]>(undefined, kind);
  }
}
