export type { Course } from '../../../server/src/schemas/course';
export type { Module } from '../../../server/src/schemas/module';
export type { Lesson } from '../../../server/src/schemas/lesson';
