import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { I18nContext } from 'ra-core';
import { i18nProvider } from '../../../src/i18n';

/** The app's i18nProvider around a component rendered on its own (outside any page harness). */
export function WithMessages({ children }: { children: ReactNode }) {
  return <I18nContext.Provider value={i18nProvider}>{children}</I18nContext.Provider>;
}

export const renderWithMessages = (ui: ReactElement) => render(ui, { wrapper: WithMessages });
