import type { Identifier } from 'ra-core';
import { useQuery } from '../../lib/query/useQuery';
import { portalDataProvider } from '../portalData';
import { BY_POSITION_LIST, COURSE_LIST } from '../reads';
import type { Course, Lesson, Module } from './types';

/**
 * The course pages' keys in the portal's cache: everything under ['courses'] (a lesson's progress
 * changes its module's and its course's counts too, see PlayerPage).
 */
export const COURSES_KEY = ['courses'] as const;
const key = (...parts: Identifier[]) => [...COURSES_KEY, ...parts.map(String)];

/** GET /api/courses: the published courses (every course for read_courses holders). */
export const useCourses = () =>
  useQuery({
    queryKey: key('list'),
    queryFn: async () =>
      (await portalDataProvider.getList<Course>('courses', COURSE_LIST)).data,
  });

export const useCourse = (courseId: Identifier) =>
  useQuery({ queryKey: key(courseId), queryFn: async () => (await portalDataProvider.getOne<Course>('courses', { id: courseId as Course['id'] })).data });

export const useModules = (courseId: Identifier) =>
  useQuery({
    queryKey: key(courseId, 'modules'),
    queryFn: async () => (await portalDataProvider.getList<Module>('modules', { ...BY_POSITION_LIST, meta: { courseId } })).data,
  });

export const useModule = (courseId: Identifier, moduleId: Identifier) =>
  useQuery({
    queryKey: key(courseId, 'modules', moduleId),
    queryFn: async () => (await portalDataProvider.getOne<Module>('modules', { id: moduleId as Module['id'], meta: { courseId } })).data,
  });

export const useLessons = (courseId: Identifier, moduleId: Identifier) =>
  useQuery({
    queryKey: key(courseId, 'modules', moduleId, 'lessons'),
    queryFn: async () =>
      (await portalDataProvider.getList<Lesson>('lessons', { ...BY_POSITION_LIST, meta: { courseId, moduleId } })).data,
  });

export const useLesson = (courseId: Identifier, moduleId: Identifier, lessonId: Identifier) =>
  useQuery({
    queryKey: key(courseId, 'modules', moduleId, 'lessons', lessonId),
    queryFn: async () => (await portalDataProvider.getOne<Lesson>('lessons', { id: lessonId as Lesson['id'], meta: { courseId, moduleId } })).data,
  });

export const courseHref = (courseId: Identifier) => `/courses/${courseId}/modules`;
export const moduleHref = (courseId: Identifier, moduleId: Identifier) => `/courses/${courseId}/modules/${moduleId}/lessons`;
export const lessonHref = (courseId: Identifier, moduleId: Identifier, lessonId: Identifier) =>
  `${moduleHref(courseId, moduleId)}/${lessonId}`;
