/**
 * Modules in a course and lessons in a module are shown and played in the order of their
 * positions, so each place holds one of them: a second one at a taken place is refused under the
 * field, naming what is there (to swap two, move one to a free place first).
 */
export function positionTakenMessage(position: number, holder: string): string {
  return `La posizione ${position} è già occupata ${holder}: scegline un'altra.`;
}
