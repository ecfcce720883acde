import type { DataProvider } from 'ra-core';
import { restProvider } from './restProvider';
import { customMethods, type CustomMethods } from './customMethods';

/**
 * ra-core's DataProvider without its `[key: string]: any`: with it, a call to a method this
 * provider lacks (one of the back-office's, on the portal's provider) would pass the typecheck and
 * fail in the browser.
 */
type DeclaredMethods<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

export type AppDataProvider = Pick<
  DeclaredMethods<DataProvider>,
  'getList' | 'getOne' | 'create' | 'update' | 'supportAbortSignal'
> &
  CustomMethods;

/** The dataProvider react-admin gets (./backOffice.ts): every call of ra-core's DataProvider. */
export type FullDataProvider = DeclaredMethods<DataProvider> & CustomMethods;

/**
 * The app's dataProvider: the portal's, and the base of the back-office's (./backOffice.ts), which
 * adds the calls only it makes (the rest of ra-core's DataProvider among them).
 */
export const dataProvider: AppDataProvider = { ...restProvider, ...customMethods };

export { getToken } from './token';
export { forgetEditVersions } from './editVersions';
export { SkippedRequestError } from './http';
export type { ListParams } from './listQuery';
