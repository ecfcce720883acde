import { useGetList, useGetOne, type Identifier } from 'ra-core';
import type { Course, Lesson, Module } from './types';

/** The API answers lists in one page up to this size (server MAX_PER_PAGE): learners see everything. */
export const WHOLE_LIST = 10000;

const byPosition = { field: 'position', order: 'ASC' as const };
const wholeList = { page: 1, perPage: WHOLE_LIST };

/** GET /api/courses: the published courses (every course for read_courses holders). */
export const useCourses = () =>
  useGetList<Course>('courses', { pagination: wholeList, sort: { field: 'created_at', order: 'DESC' } });

export const useCourse = (courseId: Identifier) => useGetOne<Course>('courses', { id: courseId as Course['id'] });

export const useModules = (courseId: Identifier) =>
  useGetList<Module>('modules', { pagination: wholeList, sort: byPosition, meta: { courseId } });

export const useModule = (courseId: Identifier, moduleId: Identifier) =>
  useGetOne<Module>('modules', { id: moduleId as Module['id'], meta: { courseId } });

export const useLessons = (courseId: Identifier, moduleId: Identifier) =>
  useGetList<Lesson>('lessons', { pagination: wholeList, sort: byPosition, meta: { courseId, moduleId } });

export const useLesson = (courseId: Identifier, moduleId: Identifier, lessonId: Identifier) =>
  useGetOne<Lesson>('lessons', { id: lessonId as Lesson['id'], meta: { courseId, moduleId } });

export const courseHref = (courseId: Identifier) => `/courses/${courseId}/modules`;
export const moduleHref = (courseId: Identifier, moduleId: Identifier) => `/courses/${courseId}/modules/${moduleId}/lessons`;
export const lessonHref = (courseId: Identifier, moduleId: Identifier, lessonId: Identifier) =>
  `${moduleHref(courseId, moduleId)}/${lessonId}`;
