import { useQuery, type QueryFunction } from '@tanstack/react-query';
import type { Identifier } from 'ra-core';
import { PORTAL_KEY, queryClient } from '../../queryClient';
import { portalDataProvider } from '../portalData';
import { BY_POSITION_LIST, COURSE_LIST } from '../reads';
import type { Course, Lesson, Module } from './types';

/**
 * The course pages' keys in the query cache: everything under COURSES_KEY (a lesson's progress
 * changes its module's and its course's counts too, see PlayerPage).
 */
export const COURSES_KEY = [...PORTAL_KEY, 'courses'] as const;
const key = (...parts: Identifier[]) => [...COURSES_KEY, ...parts.map(String)];
const useRead = <T>(queryKey: unknown[], queryFn: QueryFunction<T>) => useQuery({ queryKey, queryFn }, queryClient);

/** GET /api/courses: the published courses (every course for read_courses holders). */
export const useCourses = () =>
  useRead(key('list'), async () => (await portalDataProvider.getList<Course>('courses', COURSE_LIST)).data);

export const useCourse = (courseId: Identifier) =>
  useRead(
    key(courseId),
    async () => (await portalDataProvider.getOne<Course>('courses', { id: courseId as Course['id'] })).data,
  );

export const useModules = (courseId: Identifier) =>
  useRead(
    key(courseId, 'modules'),
    async () => (await portalDataProvider.getList<Module>('modules', { ...BY_POSITION_LIST, meta: { courseId } })).data,
  );

export const useModule = (courseId: Identifier, moduleId: Identifier) =>
  useRead(
    key(courseId, 'modules', moduleId),
    async () =>
      (await portalDataProvider.getOne<Module>('modules', { id: moduleId as Module['id'], meta: { courseId } })).data,
  );

export const useLessons = (courseId: Identifier, moduleId: Identifier) =>
  useRead(
    key(courseId, 'modules', moduleId, 'lessons'),
    async () =>
      (await portalDataProvider.getList<Lesson>('lessons', { ...BY_POSITION_LIST, meta: { courseId, moduleId } })).data,
  );

export const useLesson = (courseId: Identifier, moduleId: Identifier, lessonId: Identifier) =>
  useRead(
    key(courseId, 'modules', moduleId, 'lessons', lessonId),
    async () =>
      (
        await portalDataProvider.getOne<Lesson>('lessons', {
          id: lessonId as Lesson['id'],
          meta: { courseId, moduleId },
        })
      ).data,
  );

export const courseHref = (courseId: Identifier) => `/courses/${courseId}/modules`;
export const moduleHref = (courseId: Identifier, moduleId: Identifier) =>
  `/courses/${courseId}/modules/${moduleId}/lessons`;
export const lessonHref = (courseId: Identifier, moduleId: Identifier, lessonId: Identifier) =>
  `${moduleHref(courseId, moduleId)}/${lessonId}`;
