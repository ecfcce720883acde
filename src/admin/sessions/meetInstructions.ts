import type { SessionType } from '../../../server/src/contract';

/**
 * Choosing "meet" while the join instructions are empty fills them with the standard
 * text; otherwise the instructions stay as they are (undefined = leave them alone).
 */
export function prefilledInstructions(
  type: SessionType | string | undefined,
  current: unknown,
  standardText: string,
): string | undefined {
  const empty = typeof current !== 'string' || current.trim() === '';
  return type === 'meet' && empty ? standardText : undefined;
}
