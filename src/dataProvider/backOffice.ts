import { dataProvider, type AppDataProvider } from './index';
import { backOfficeMethods, type BackOfficeMethods } from './backOfficeMethods';

export type BackOfficeDataProvider = AppDataProvider & BackOfficeMethods;

/** The back-office's dataProvider: the portal's, with the calls only the back-office makes. */
export const backOfficeDataProvider: BackOfficeDataProvider = { ...dataProvider, ...backOfficeMethods };
