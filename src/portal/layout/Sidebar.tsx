import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import RouteIcon from '@mui/icons-material/RouteOutlined';
import FolderIcon from '@mui/icons-material/FolderSharedOutlined';
import VideoIcon from '@mui/icons-material/OndemandVideoOutlined';
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { ReactElement } from 'react';
import { NavLink } from '../../routing/Link';
import { useTranslate } from 'ra-core';
import { Logo } from '../../components/Logo';
import { rowIconStyles, rowStyles, selectedRowStyles } from './navItemStyles';
import type { SidebarItem, SidebarKey } from './sidebarItems';

const ICONS: Record<SidebarKey, ReactElement> = {
  dashboard: <DashboardIcon />,
  percorso: <RouteIcon />,
  drive: <FolderIcon />,
  courses: <VideoIcon />,
  admin: <AdminIcon />,
};

const itemStyles = ({ theme }: { theme: Parameters<typeof rowStyles>[0] }) => ({
  ...rowStyles(theme),
  borderRadius: theme.shape.borderRadius,
  marginBottom: theme.spacing(0.5),
  // NavLink marks the current section (its path or one below it) with aria-current="page".
  '&[aria-current="page"]': selectedRowStyles(theme),
});

const ItemLink = styled(NavLink)(itemStyles);
const ItemAnchor = styled('a')(itemStyles);
const ItemIcon = styled('span')(({ theme }) => ({ ...rowIconStyles(theme), minWidth: 40 }));
const ItemText = styled('span')({ flex: '1 1 auto', minWidth: 0, margin: '4px 0' });

export function Sidebar({ items }: { items: SidebarItem[] }) {
  const translate = useTranslate();
  return (
    <Box component="nav" aria-label={translate('app.layout.main_navigation')} sx={{ width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, py: 2 }}>
        <Logo size={36} />
        <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
          {translate('app.name')}
        </Typography>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, py: 1, px: 1 }}>
        {items.map((item) => {
          const content = (
            <>
              <ItemIcon>{ICONS[item.key]}</ItemIcon>
              <ItemText>{translate(`app.menu.${item.key}`)}</ItemText>
              {item.href && (
                <>
                  <Box component="span" sx={visuallyHidden}>
                    {` ${translate('app.a11y.new_tab')}`}
                  </Box>
                  <OpenInNewIcon fontSize="small" aria-hidden="true" />
                </>
              )}
            </>
          );
          return (
            <li key={item.key}>
              {item.to ? (
                <ItemLink to={item.to}>{content}</ItemLink>
              ) : (
                <ItemAnchor href={item.href} target="_blank" rel="noopener noreferrer">
                  {content}
                </ItemAnchor>
              )}
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
