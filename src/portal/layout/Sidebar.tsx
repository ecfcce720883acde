import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import RouteIcon from '@mui/icons-material/RouteOutlined';
import FolderIcon from '@mui/icons-material/FolderSharedOutlined';
import VideoIcon from '@mui/icons-material/OndemandVideoOutlined';
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { ReactElement } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslate } from 'ra-core';
import { Logo } from '../../components/Logo';
import type { SidebarItem, SidebarKey } from './sidebarItems';

const ICONS: Record<SidebarKey, ReactElement> = {
  dashboard: <DashboardIcon />,
  percorso: <RouteIcon />,
  drive: <FolderIcon />,
  courses: <VideoIcon />,
  admin: <AdminIcon />,
};

const isCurrent = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

export function Sidebar({ items }: { items: SidebarItem[] }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label={translate('app.layout.main_navigation')} sx={{ width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, py: 2 }}>
        <Logo size={36} />
        <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
          {translate('app.name')}
        </Typography>
      </Box>
      <List sx={{ px: 1 }}>
        {items.map((item) => {
          const label = translate(`app.menu.${item.key}`);
          const linkProps = item.to
            ? { component: NavLink, to: item.to, selected: isCurrent(pathname, item.to) }
            : { component: 'a', href: item.href, target: '_blank', rel: 'noopener noreferrer' };
          return (
            <li key={item.key}>
              <ListItemButton {...linkProps} sx={{ borderRadius: 1, mb: 0.5 }}>
                <ListItemIcon sx={{ minWidth: 40 }}>{ICONS[item.key]}</ListItemIcon>
                <ListItemText primary={label} />
                {item.href && <OpenInNewIcon fontSize="small" aria-hidden="true" />}
              </ListItemButton>
            </li>
          );
        })}
      </List>
    </Box>
  );
}
