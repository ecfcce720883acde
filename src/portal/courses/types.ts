export type { Course, Module, Lesson } from '../../../server/src/schemas/contract';
