import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import type { AppIdentity } from '../../authProvider';
import { addMessages } from '../../i18n';
import { currentProbe } from '../../routing/sessionProbe';
import { translateApp } from '../../routing/translateApp';
import { adminAppMessages } from '../messages';
import { storedSidebarOpen } from './sidebarStore';

addMessages({ app: { admin: adminAppMessages } });

/** The back-office's home, where the shell already shows the dashboard's heading. */
const DASHBOARD_PATH = /^\/admin\/?$/;

/** react-admin's layout: the bar's height, the bar above the content on a phone (7 spacing units) and beside it (6), the menu's widths. */
const BAR_HEIGHT = 48;
const SIDEBAR_OPEN = 240;
const SIDEBAR_CLOSED = 55;

/** The dashboard's greeting names the signed-in user by first name. */
export function greetingName(identity: AppIdentity | undefined): string {
  return identity?.user?.name ?? identity?.fullName ?? '';
}

/** The first name of whoever GET /api/user says is signed in, once it has answered (src/startPage.ts asks it early). */
function useProbedName(): string {
  const probe = currentProbe();
  const [name, setName] = useState(() => greetingName(probe?.settled?.identity));
  useEffect(() => {
    let active = true;
    probe?.identity.then(
      (identity) => active && setName(greetingName(identity)),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [probe]);
  return name;
}

/** The dashboard's heading and introduction, as AdminDashboard renders them. */
export function DashboardHeading({ name }: { name: string }) {
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        {translateApp('app.admin.dashboard.greeting', { name })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translateApp('app.admin.dashboard.intro')}
      </Typography>
    </>
  );
}

/**
 * What the back-office looks like before react-admin has loaded and checked the session: its bar
 * and, on the dashboard, the greeting and introduction, where react-admin's layout will put them
 * (the sizes above are its own). On a phone, react-admin and its first render take a few seconds
 * of a mid-range CPU; the page is not blank meanwhile, and nothing moves when the layout takes
 * over. Elsewhere, a spinner in the content area. AdminEntry keeps it over the page until
 * react-admin's layout has mounted under it.
 */
export function AdminShell() {
  const { pathname } = useLocation();
  const name = useProbedName();
  const sidebarWidth = storedSidebarOpen() === false ? SIDEBAR_CLOSED : SIDEBAR_OPEN;
  return (
    // Fixed over the page: react-admin renders under it until its layout has mounted (AdminEntry).
    <Box
      aria-busy="true"
      data-testid="admin-shell"
      sx={{ position: 'fixed', inset: 0, zIndex: 1300, overflow: 'hidden', bgcolor: 'background.default' }}
    >
      <Box
        data-testid="admin-shell-bar"
        sx={{
          position: 'absolute',
          inset: '0 0 auto 0',
          height: BAR_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          px: 1,
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
          boxShadow: 4,
        }}
      >
        <Box sx={{ width: 40, height: 40, display: 'grid', placeItems: 'center', mr: '4.8px' }}>
          <MenuIcon aria-hidden="true" />
        </Box>
        {DASHBOARD_PATH.test(pathname) && (
          <Typography variant="h6" component="span" color="inherit">
            {translateApp('app.admin.title')}
          </Typography>
        )}
      </Box>
      <Box sx={{ pt: { xs: 7, sm: 6 }, pl: { xs: 1, sm: `${sidebarWidth + 8}px` }, pr: 1 }}>
        {DASHBOARD_PATH.test(pathname) ? (
          <Box sx={{ py: 2 }}>
            <DashboardHeading name={name} />
          </Box>
        ) : (
          <Box role="status" sx={{ display: 'flex', justifyContent: 'center', pt: 8 }}>
            <CircularProgress aria-label={translateApp('app.loading')} />
          </Box>
        )}
      </Box>
    </Box>
  );
}
