import { dataProvider, type FullDataProvider } from './index';
import { backOfficeMethods, type BackOfficeMethods } from './backOfficeMethods';
import { backOfficeRest } from './backOfficeRest';

export type BackOfficeDataProvider = FullDataProvider & BackOfficeMethods;

/** The back-office's dataProvider: the portal's, with the calls only the back-office makes. */
export const backOfficeDataProvider: BackOfficeDataProvider = {
  ...dataProvider,
  ...backOfficeRest,
  ...backOfficeMethods,
};
