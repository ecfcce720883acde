import type { DataProvider } from 'ra-core';
import { restProvider } from './restProvider';
import { customMethods, type CustomMethods } from './customMethods';

export type AppDataProvider = DataProvider & CustomMethods;

/** The one dataProvider of the app, shared by the portal and the back-office. */
export const dataProvider: AppDataProvider = { ...restProvider, ...customMethods };

export { getToken, setToken, removeToken } from './token';
export { forgetEditVersions } from './editVersions';
export { SkippedRequestError, type ApiError } from './http';
export type { UploadImageParams, SyncLessonBody } from './customMethods';
export type { ListParams } from './listQuery';
