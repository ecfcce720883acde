import { useDataProvider } from 'ra-core';
import type { BackOfficeDataProvider } from '../../dataProvider/backOffice';

/** react-admin's dataProvider hook, typed with the app's custom methods. */
export const useAppDataProvider = () => useDataProvider<BackOfficeDataProvider>();
