import type { ReactNode } from 'react';
import { AppBar, Layout, Logout, TitlePortal, UserMenu, useGetIdentity, useTranslate } from 'react-admin';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import DevicesIcon from '@mui/icons-material/DevicesOutlined';
import { MountInTransition } from '../../components/MountInTransition';
import { ScreenErrorBoundary } from '../../components/ScreenErrorBoundary';
import { AdminDocumentTitle } from './AdminDocumentTitle';
import { AdminMenu } from './AdminMenu';
import { AdminRouteFocus } from './AdminRouteFocus';
import { AdminScreenError } from './AdminScreenError';
import { useShellDone } from './shellState';

/**
 * The user menu's button shows the user's name: its accessible name starts with it (label in name).
 * "Accessi attivi" is the portal's page (a page load away, outside the back-office's routes).
 */
function AdminUserMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const menu = translate('ra.auth.user_menu');
  return (
    <UserMenu label={identity?.fullName ? `${identity.fullName}, ${menu}` : menu}>
      <MenuItem component="a" href="/accessi-attivi">
        <ListItemIcon>
          <DevicesIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('app.layout.sign_ins')}</ListItemText>
      </MenuItem>
      <Logout />
    </UserMenu>
  );
}

/** The page title in the bar is plain text: each page has its own h1. */
function AdminAppBar() {
  return (
    <AppBar userMenu={<AdminUserMenu />}>
      <TitlePortal component="span" />
    </AppBar>
  );
}

/**
 * react-admin's layout grows to its widest child (min-width: fit-content), so a wide table would
 * make the whole page scroll sideways on a phone. Letting it shrink keeps the scrolling inside the
 * table's own container.
 */
const shrinkToViewport = { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } as const;

/** Mounted with the layout: the shell drawn over it until now goes. */
function ShellDone() {
  useShellDone();
  return null;
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    // The sign-in check's answer would otherwise render the bar, the menu and the first page in one task.
    <MountInTransition>
      <Layout menu={AdminMenu} appBar={AdminAppBar} sx={shrinkToViewport}>
        <AdminDocumentTitle />
        <AdminRouteFocus />
        <ShellDone />
        {/* Before react-admin's own boundary, whose error page can only go back: this one retries in place. */}
        <ScreenErrorBoundary fallback={AdminScreenError}>{children}</ScreenErrorBoundary>
      </Layout>
    </MountInTransition>
  );
}
