import type { Identifier } from 'react-admin';

/** Courses, modules and lessons are searched by `filter[name]`. */
export const NAME_FILTER = 'name';
/** Card grids show the whole list (the largest page the API gives of these lists, WHOLE_LIST_PER_PAGE). */
export const WHOLE_LIST = 10000;

/** The parent ids the dataProvider needs to build the path of a module or a lesson. */
export type ParentMeta = { courseId: Identifier; moduleId?: Identifier };
