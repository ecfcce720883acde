import { useDataProvider } from 'ra-core';
import type { AppDataProvider } from '../../dataProvider';

/** react-admin's dataProvider hook, typed with the app's custom methods. */
export const useAppDataProvider = () => useDataProvider<AppDataProvider>();
