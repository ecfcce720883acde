export type { Course, Module, Lesson } from '../../../server/src/contract';
