import { useDataProvider } from 'ra-core';
import type { AppDataProvider } from './index';

/** react-admin's dataProvider hook, typed with the app's custom methods. */
export const useAppDataProvider = () => useDataProvider<AppDataProvider>();
