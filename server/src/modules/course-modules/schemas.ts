import { Type, type Static } from 'typebox';
import { DbId, ListMeta, Name, FreeText } from '../../http/schemas.js';

/** A module of a course; the lesson counts are the caller's own. */
export const Module = Type.Object({
  id: Type.Integer(),
  course_id: Type.Integer(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  position: Type.Integer(),
  cover_url: Type.Union([Type.String(), Type.Null()]),
  completed_lessons: Type.Integer(),
  total_lessons: Type.Integer(),
});
export type Module = Static<typeof Module>;

/** POST and PUT /api/courses/{courseId}/modules[/{id}]. */
export const ModuleBody = Type.Object({
  position: Type.Integer({ minimum: 1, maximum: 100000 }),
  name: Name(),
  description: Type.Optional(Type.Union([FreeText(10000), Type.Null()])),
});
export type ModuleBody = Static<typeof ModuleBody>;

export const ModuleParams = Type.Object({ courseId: DbId, moduleId: DbId });
export type ModuleParams = Static<typeof ModuleParams>;

export const ModuleResponse = Type.Object({ data: Module });
/** POST …/modules/{moduleId}/move: the two modules that swapped places, the moved one first. */
export const ModuleMoveResponse = Type.Object({ data: Type.Array(Module) });
export const ModuleListResponse = Type.Object({ data: Type.Array(Module), meta: ListMeta });
