import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { CoreAdminContext, memoryStore } from 'ra-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/i18n';
import { ModuleCard } from '../../src/admin/modules/ModuleCard';
import { LessonCard } from '../../src/admin/lessons/LessonCard';
import type { Lesson, Module } from '../../src/portal/courses/types';
import { testAuthProvider, testDataProvider } from './support/adminHarness';

/** The card inside react-admin's core context, under the same react-router copy our links use. */
function renderAdmin(ui: ReactElement, { permissions }: { permissions: string[] }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <CoreAdminContext
          dataProvider={testDataProvider()}
          authProvider={testAuthProvider(permissions)}
          i18nProvider={i18nProvider}
          queryClient={queryClient}
          store={memoryStore()}
        >
          {ui}
        </CoreAdminContext>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

const module: Module = {
  id: 3,
  course_id: 1,
  name: 'Pitch',
  description: null,
  position: 2,
  cover_url: null,
} as Module;
const lesson = {
  id: 7,
  module_id: 3,
  position: 1,
  name: 'Cap table',
  video_url: '/storage/videos/benvenuti.mp4',
  description: null,
  completed: false,
  progress: 0,
  watched_seconds: 0,
  video_length: 16,
  required_ratio: 0.9,
} as Lesson;

function renderModuleCard(permissions: string[]) {
  renderAdmin(<ModuleCard module={module} to="/admin/courses/1/modules/3/lessons" onAction={() => undefined} />, {
    permissions,
  });
}

/** `update_lesosns` gates "Modifica" and "Cambia cover" on modules, `delete_courses` gates "Elimina". */
describe('module card gates', () => {
  it('show no action without the permissions', async () => {
    renderModuleCard(['read_courses']);
    expect(await screen.findByText('2. Pitch')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Modifica( |$)/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Cambia cover( |$)/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Elimina( |$)/ })).not.toBeInTheDocument();
  });

  it('show "Modifica" and "Cambia cover" with update_lesosns, not "Elimina"', async () => {
    renderModuleCard(['update_lesosns']);
    expect(await screen.findByRole('button', { name: /^Modifica( |$)/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Cambia cover( |$)/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Elimina( |$)/ })).not.toBeInTheDocument();
  });

  it('show "Elimina" with delete_courses only', async () => {
    renderModuleCard(['delete_courses']);
    expect(await screen.findByRole('button', { name: /^Elimina( |$)/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Modifica( |$)/ })).not.toBeInTheDocument();
  });
});

describe('lesson card', () => {
  it('keeps "Modifica" and "Elimina" ungated', async () => {
    renderAdmin(<LessonCard lesson={lesson} onAction={() => undefined} />, { permissions: [] });
    expect(await screen.findByRole('button', { name: /^Modifica( |$)/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Elimina( |$)/ })).toBeInTheDocument();
  });
});
