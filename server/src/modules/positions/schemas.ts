import { Type, type Static } from 'typebox';

/** Which neighbour in the order to swap places with: the one just before or just after. */
export const MoveDirection = Type.Union([Type.Literal('earlier'), Type.Literal('later')]);
export type MoveDirection = Static<typeof MoveDirection>;

/** POST …/modules/{moduleId}/move and …/lessons/{lessonId}/move. */
export const MoveBody = Type.Object({ direction: MoveDirection });
export type MoveBody = Static<typeof MoveBody>;
