import type { DataProvider } from 'ra-core';
import { restProvider } from './restProvider';
import { customMethods, type CustomMethods } from './customMethods';

export type AppDataProvider = DataProvider & CustomMethods;

/**
 * The app's dataProvider: the portal's, and the base of the back-office's (./backOffice.ts), which
 * adds the calls only it makes.
 */
export const dataProvider: AppDataProvider = { ...restProvider, ...customMethods };

export { getToken, setToken, removeToken } from './token';
export { forgetEditVersions } from './editVersions';
export { SkippedRequestError, type ApiError } from './http';
export type { UploadImageParams, SyncLessonBody } from './customMethods';
export type { ListParams } from './listQuery';
