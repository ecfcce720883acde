import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslate } from 'react-admin';
import { documentTitle } from '../../components/documentTitle';

/**
 * The section a back-office path shows: the last resource name in it ("/admin/courses/1/modules"
 * → "modules"), or null for the dashboard.
 */
export function adminSection(pathname: string): string | null {
  const segments = pathname
    .replace(/^\/admin\/?/, '')
    .split('/')
    .filter(Boolean);
  const names = segments.filter((segment) => !/^\d+$/.test(segment) && segment !== 'create');
  return names.length ? names[names.length - 1] : null;
}

/** Sets the document title to "<name> · Back-office · Percorso" while the calling page shows. */
export function useAdminDocumentTitle(name: string): void {
  const translate = useTranslate();
  const backOffice = translate('app.a11y.back_office');
  useEffect(() => {
    document.title = documentTitle(name, backOffice);
  }, [name, backOffice]);
}

/** The path react-admin sends a visitor to when a page's access check fails. */
const ACCESS_DENIED_SECTION = 'access-denied';

/**
 * Every back-office page's document title: "Team · Back-office · Percorso". A page refused in place
 * (the dashboard, a gated dialog's page) says so through AccessDenied, which sets its own.
 */
export function AdminDocumentTitle() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const section = adminSection(pathname);
  const sectionKey = `resources.${section}.name`;
  const sectionName = section ? translate(sectionKey, { smart_count: 2, _: sectionKey }) : null;
  const name =
    section === ACCESS_DENIED_SECTION
      ? translate('app.admin.access_denied.title')
      : sectionName
        ? // A path that names no section is the not-found page (which sets the same title itself).
          sectionName === sectionKey
          ? translate('ra.page.not_found')
          : sectionName
        : translate('app.admin.dashboard.title');
  useAdminDocumentTitle(name);
  return null;
}
