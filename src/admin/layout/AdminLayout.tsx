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

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AdminMenu} appBar={AdminAppBar}>
      {children}
    </Layout>
  );
}
