import { canAccess } from '../../authProvider/canAccess';
import type { User } from '../../../server/src/contract';

export type SidebarKey = 'dashboard' | 'percorso' | 'drive' | 'courses' | 'admin';

export type SidebarItem = { key: SidebarKey } & ({ to: string; href?: never } | { href: string; to?: never });

/** Which entries the shared layout's sidebar shows to this user. */
export function sidebarItems(user: User | undefined, permissions: readonly string[] | undefined): SidebarItem[] {
  const items: SidebarItem[] = [{ key: 'dashboard', to: '/dashboard' }];
  const firstTeam = user?.teams?.[0];
  if (firstTeam) {
    items.push({ key: 'percorso', to: `/percorso/${firstTeam.id}` });
    if (firstTeam.drive_url) items.push({ key: 'drive', href: firstTeam.drive_url });
  }
  if (user?.mooc_access) items.push({ key: 'courses', to: '/courses' });
  if (canAccess(permissions, { action: 'access', resource: 'admin' })) items.push({ key: 'admin', to: '/admin' });
  return items;
}
