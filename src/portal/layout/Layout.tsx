import { Suspense, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { Outlet, useLocation } from 'react-router';
import { usePermissions, useTranslate } from 'ra-core';
import { useSession } from '../../authProvider/useSession';
import { PageLoader } from '../PageLoader';
import { PageTitleProvider, usePageTitleValue } from './pageTitle';
import { Sidebar } from './Sidebar';
import { sidebarItems } from './sidebarItems';
import { UserMenu } from './UserMenu';

export const SIDEBAR_WIDTH = 256;

function LayoutFrame() {
  const translate = useTranslate();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { pathname } = useLocation();
  // The slide-in menu is open only on the route where it was opened: a route change closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const mobileOpen = openedAt === pathname;
  const setMobileOpen = (open: boolean) => setOpenedAt(open ? pathname : null);
  const { user } = useSession();
  const { permissions } = usePermissions<string[]>();
  const title = usePageTitleValue();
  const items = sidebarItems(user, permissions);

  const sidebar = <Sidebar items={items} />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {wide ? (
        <Drawer
          variant="permanent"
          sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}
        >
          {sidebar}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: false }}
          sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}
        >
          {sidebar}
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar component="header" position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Toolbar sx={{ gap: 1 }}>
            {!wide && (
              <IconButton
                edge="start"
                onClick={() => setMobileOpen(true)}
                aria-label={translate('app.layout.open_menu')}
                aria-expanded={mobileOpen}
              >
                <MenuIcon />
              </IconButton>
            )}
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              {title && (
                <Typography variant="h1" sx={{ fontSize: { xs: '1.25rem', md: '1.5rem' } }} noWrap>
                  {title}
                </Typography>
              )}
            </Box>
            <UserMenu user={user} />
          </Toolbar>
        </AppBar>
        <Box component="main" id="main" sx={{ flexGrow: 1, p: { xs: 2, md: 4 } }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}

/** The shared authenticated layout: sidebar or slide-in menu, header with title and user menu. */
export function Layout() {
  return (
    <PageTitleProvider>
      <LayoutFrame />
    </PageTitleProvider>
  );
}

export default Layout;
