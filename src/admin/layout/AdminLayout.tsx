import type { ReactNode } from 'react';
import { AppBar, Layout, TitlePortal } from 'react-admin';
import { AdminMenu } from './AdminMenu';

/** The page title in the bar is plain text: each page has its own h1. */
function AdminAppBar() {
  return (
    <AppBar>
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

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AdminMenu} appBar={AdminAppBar} sx={shrinkToViewport}>
      {children}
    </Layout>
  );
}
