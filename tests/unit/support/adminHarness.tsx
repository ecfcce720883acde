import type { ReactNode } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { vi } from 'vitest';
import { canAccess } from '../../../src/authProvider/canAccess';
import { i18nProvider } from '../../../src/i18n';

/** An authProvider holding `permissions`, deciding access with the app's one canAccess rule. */
export function testAuthProvider(permissions: string[]): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: 1, fullName: 'Alessandra Bianchi', user: { name: 'Alessandra' } }),
    getPermissions: async () => permissions,
    canAccess: async (request) => canAccess(permissions, request),
  };
}

/** A dataProvider whose getList answers `rows` (filtered by nothing) and records its calls. */
export function testDataProvider(rows: Array<Record<string, unknown>> = [], extra: Partial<DataProvider> = {}) {
  const getList = vi.fn(async (_resource: string, _params: Record<string, unknown>) => ({
    data: rows as never[],
    total: rows.length,
  }));
  const dataProvider = {
    getList,
    getOne: vi.fn(async (_resource: string, { id }: { id: unknown }) => ({
      data: { id, ...rows.find((row) => row.id === id) } as never,
    })),
    getMany: vi.fn(async () => ({ data: [] })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    create: vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({
      data: { id: 99, ...data } as never,
    })),
    update: vi.fn(async (_resource: string, { id, data }: { id: unknown; data: Record<string, unknown> }) => ({
      data: { id, ...data } as never,
    })),
    updateMany: vi.fn(async () => ({ data: [] })),
    delete: vi.fn(async (_resource: string, { id }: { id: unknown }) => ({ data: { id } as never })),
    deleteMany: vi.fn(async () => ({ data: [] })),
    ...extra,
  } as unknown as DataProvider & { getList: typeof getList };
  return dataProvider;
}

export interface AdminRenderOptions {
  dataProvider?: DataProvider;
  permissions?: string[];
  resource?: string;
}

/** Renders `ui` inside react-admin's AdminContext with the app's Italian messages and a test provider. */
export function renderAdmin(
  ui: ReactNode,
  { dataProvider = testDataProvider(), permissions = ['developer'], resource }: AdminRenderOptions = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const content = resource ? <ResourceContextProvider value={resource}>{ui}</ResourceContextProvider> : ui;
  return {
    dataProvider,
    ...render(
      <AdminContext
        dataProvider={dataProvider}
        authProvider={testAuthProvider(permissions)}
        i18nProvider={i18nProvider}
        queryClient={queryClient}
      >
        {content}
      </AdminContext>,
    ),
  };
}
