import { Suspense, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { Outlet, useLocation } from 'react-router';
import { useTranslate } from 'ra-core';
import { usePermissions, useSession } from '../../authProvider/useSession';
import { IconButton } from '../../components/IconButton';
import { useMediaQuery } from './useMediaQuery';
import { MAIN_ID, SkipLink } from '../../components/SkipLink';
import { ScreenErrorBoundary } from '../../components/ScreenErrorBoundary';
import { lazyDialog } from '../../components/lazyDialog';
import { AccessibilityFooter } from '../accessibility/AccessibilityFooter';
import { PageLoader } from '../PageLoader';
import { LayoutScreenError } from '../ScreenError';
import { SIDEBAR_WIDTH } from './dimensions';
import { PageTitleProvider, usePageTitleValue } from './pageTitle';
import { Sidebar } from './Sidebar';
import { sidebarItems } from './sidebarItems';
import { UserMenu } from './UserMenu';
import { useRouteFocus } from './useRouteFocus';

export { SIDEBAR_WIDTH };

const MobileMenu = lazyDialog(() => import('./MobileMenu'));

/*
 * Plain boxes rather than MUI's Drawer, AppBar, Toolbar and IconButton (src/components/IconButton.tsx): the same look, without
 * their code (and Modal's) before the first render. Only the slide-in menu needs Drawer, and it
 * loads when first opened.
 */

/** The fixed sidebar of wide screens (what a permanent Drawer draws). */
function WideSidebar({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ width: SIDEBAR_WIDTH, flexShrink: 0 }}>
      <Box
        sx={{
          position: 'fixed',
          top: 0,
          bottom: 0,
          left: 0,
          width: SIDEBAR_WIDTH,
          overflowY: 'auto',
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
          zIndex: 'drawer',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/**
 * The header's h1: the title the page set, where focus goes after a move to another page. The only
 * part of the layout that renders again when a page names itself.
 */
function PageHeading() {
  const { title, path } = usePageTitleValue();
  const heading = useRef<HTMLHeadingElement>(null);
  useRouteFocus(heading, path);
  if (!title) return null;
  // A long title (a course's name) wraps: cut with "…" it could not be read whole anywhere.
  return (
    <Typography
      ref={heading}
      tabIndex={-1}
      variant="h1"
      sx={{
        fontSize: { xs: '1.25rem', md: '1.5rem' },
        overflowWrap: 'anywhere',
        py: 1,
        width: 'fit-content',
        maxWidth: '100%',
      }}
    >
      {title}
    </Typography>
  );
}

function LayoutFrame() {
  const translate = useTranslate();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { pathname } = useLocation();
  // The slide-in menu is open only on the route where it was opened: a route change closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const mobileOpen = openedAt === pathname;
  const setMobileOpen = (open: boolean) => {
    setOpenedAt(open ? pathname : null);
  };
  const { user } = useSession();
  const permissions = usePermissions();
  const items = sidebarItems(user, permissions);

  const sidebar = <Sidebar items={items} />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink label={translate('app.a11y.skip_to_content')} />
      {wide ? (
        <WideSidebar>{sidebar}</WideSidebar>
      ) : (
        <MobileMenu open={mobileOpen} onClose={() => setMobileOpen(false)}>
          {sidebar}
        </MobileMenu>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Box
          component="header"
          sx={{
            position: 'sticky',
            top: 0,
            zIndex: 'appBar',
            bgcolor: 'background.paper',
            color: 'text.primary',
            borderBottom: 1,
            borderColor: 'divider',
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            // Two lines of a long title (a course's name on a phone) fit: the page below does not
            // move down when the title arrives.
            minHeight: 64,
            px: { xs: 2, sm: 3 },
          }}
        >
          {!wide && (
            <IconButton
              onClick={() => setMobileOpen(true)}
              aria-label={translate('app.layout.open_menu')}
              aria-expanded={mobileOpen}
              sx={{ ml: -1.5 }}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <PageHeading />
          </Box>
          <UserMenu user={user} />
        </Box>
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{ flexGrow: 1, p: { xs: 2, md: 4 }, '&:focus': { outline: 'none' } }}
        >
          <ScreenErrorBoundary fallback={LayoutScreenError}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </ScreenErrorBoundary>
        </Box>
        <AccessibilityFooter />
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
