import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_STATS_KEY, prefetchDashboard, prefetchProgrammeFigures } from '../../src/admin/dashboardData';
import { REPORTS_DASHBOARD_KEY } from '../../src/admin/reports/api';
import { ChartFrame } from '../../src/admin/reports/ProgrammeChartDrawings';
import { mockFetch } from './fetchMock';

const stats = { users: 3, teams: 2, sessions: 5, experts: 1 };
const summary = { sessions: { this_week: 1 }, attendance_by_month: [], completion_by_team: [], imports: [] };

function setup(permissions: Record<string, boolean>) {
  const queryClient = new QueryClient();
  const canAccess = vi.fn(async ({ resource }: { resource: string }) => permissions[resource] ?? false);
  const getAdminStats = vi.fn(async () => stats);
  return {
    queryClient,
    canAccess,
    getAdminStats,
    providers: { queryClient, authProvider: { canAccess }, dataProvider: { getAdminStats } },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('prefetchDashboard', () => {
  it('on the dashboard, asks for the counts, and not yet for the programme figures', async () => {
    localStorage.setItem('token', 'T');
    const { fetch } = mockFetch();
    const { queryClient, getAdminStats, providers } = setup({ admin: true, reports: true });
    prefetchDashboard('/admin', providers);
    await settle();
    expect(getAdminStats).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(ADMIN_STATS_KEY)).toEqual(stats);
    expect(fetch).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(REPORTS_DASHBOARD_KEY)).toBeUndefined();
  });

  it('asks nothing without access to the dashboard', async () => {
    const { getAdminStats, providers } = setup({ admin: false, reports: true });
    prefetchDashboard('/admin/', providers);
    await settle();
    expect(getAdminStats).not.toHaveBeenCalled();
  });

  it('the programme figures: their request fills the query the figures read', async () => {
    localStorage.setItem('token', 'T');
    const { calls } = mockFetch({ body: { data: summary } });
    const queryClient = new QueryClient();
    prefetchProgrammeFigures(queryClient);
    await settle();
    await settle();
    expect(calls.map((call) => call.url)).toEqual(['/api/reports/dashboard']);
    expect(queryClient.getQueryData(REPORTS_DASHBOARD_KEY)).toEqual(summary);
  });

  it('asks nothing on another page of the back-office', async () => {
    const { fetch } = mockFetch();
    const { canAccess, getAdminStats, providers } = setup({ admin: true, reports: true });
    prefetchDashboard('/admin/teams', providers);
    await settle();
    expect(canAccess).not.toHaveBeenCalled();
    expect(getAdminStats).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('ChartFrame', () => {
  it('keeps its height, shows a placeholder until its width is known, then draws at that width', async () => {
    let report: ResizeObserverCallback = () => undefined;
    const disconnect = vi.fn();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          report = callback;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    const { container, unmount } = render(
      <ChartFrame height={120}>{(width) => <span>drawn at {width}</span>}</ChartFrame>,
    );
    const frame = container.firstElementChild as HTMLElement;
    expect(getComputedStyle(frame).height).toBe('120px');
    expect(screen.queryByText(/drawn at/)).toBeNull();
    expect(frame.querySelector('.MuiSkeleton-root')).not.toBeNull();
    await act(async () => report([{ contentRect: { width: 333.6 } } as ResizeObserverEntry], {} as ResizeObserver));
    expect(screen.getByText('drawn at 333')).toBeTruthy();
    await act(async () => report([{ contentRect: { width: 280 } } as ResizeObserverEntry], {} as ResizeObserver));
    expect(screen.getByText('drawn at 280')).toBeTruthy();
    unmount();
    expect(disconnect).toHaveBeenCalled();
  });
});

/** ra-core's useGetIdentity() key, which the back-office's seed fills. */
const IDENTITY_KEY = ['auth', 'getIdentity'];

describe('seedProbedIdentity', () => {
  it('gives the identity query the answer of GET /api/user asked before react-admin loaded, without asking again', async () => {
    vi.resetModules();
    const { probeIdentity } = await import('../../src/routing/sessionProbe');
    const [{ seedProbedIdentity }, { queryClient }] = await Promise.all([
      import('../../src/providers'),
      import('../../src/queryClient'),
    ]);
    localStorage.setItem('token', 'T-probe');
    const user = { id: 7, name: 'Alessandra', surname: 'Bianchi', avatar: null };
    const { calls } = mockFetch({ body: { data: user } }, { body: {} });
    const asked = probeIdentity();
    // Still in flight: the query joins the request.
    seedProbedIdentity();
    await asked;
    await settle();
    expect(queryClient.getQueryData(IDENTITY_KEY)).toMatchObject({ id: 7, fullName: 'Alessandra Bianchi' });
    // Answered: the query takes the answer at once.
    queryClient.clear();
    seedProbedIdentity();
    expect(queryClient.getQueryData(IDENTITY_KEY)).toMatchObject({ id: 7 });
    expect(calls.filter((call) => call.url === '/api/user')).toHaveLength(1);
  });

  it('seeds nothing without a session', async () => {
    vi.resetModules();
    const [{ seedProbedIdentity }, { queryClient }] = await Promise.all([
      import('../../src/providers'),
      import('../../src/queryClient'),
    ]);
    seedProbedIdentity();
    expect(queryClient.getQueryState(IDENTITY_KEY)).toBeUndefined();
  });
});

describe('the back-office theme', () => {
  it('is what createTheme() makes of the options react-admin is given: the portal theme', async () => {
    const { createTheme } = await import('@mui/material/styles');
    const { appTheme, themeOptions } = await import('../../src/theme');
    const theme = appTheme();
    expect(appTheme()).toBe(theme);
    expect(JSON.stringify(createTheme(themeOptions))).toBe(JSON.stringify(theme));
    expect(theme.palette.primary.main).toBe(themeOptions.palette.primary.main);
  });
});
