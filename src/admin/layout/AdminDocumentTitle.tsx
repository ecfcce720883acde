import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslate } from 'react-admin';
import { documentTitle } from '../../lib/documentTitle';

/**
 * The section a back-office path shows: the last resource name in it ("/admin/courses/1/modules"
 * → "modules"), or null for the dashboard.
 */
export function adminSection(pathname: string): string | null {
  const segments = pathname.replace(/^\/admin\/?/, '').split('/').filter(Boolean);
  const names = segments.filter((segment) => !/^\d+$/.test(segment) && segment !== 'create');
  return names.length ? names[names.length - 1] : null;
}

/** Every back-office page's document title: "Team · Back-office · Percorso". */
export function AdminDocumentTitle() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const section = adminSection(pathname);
  const name = section
    ? translate(`resources.${section}.name`, { smart_count: 2, _: section })
    : translate('app.admin.dashboard.title');
  const backOffice = translate('app.a11y.back_office');
  useEffect(() => {
    document.title = documentTitle(name, backOffice);
  }, [name, backOffice]);
  return null;
}
