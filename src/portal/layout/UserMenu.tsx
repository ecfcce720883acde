import { useId, useState, type MouseEvent } from 'react';
import ButtonBase from '@mui/material/ButtonBase';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import Typography from '@mui/material/Typography';
import Skeleton from '@mui/material/Skeleton';
import PersonIcon from '@mui/icons-material/ManageAccountsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLogout, useTranslate } from 'ra-core';
import { Avatar } from '../../components/Avatar';
import { usePublicConfig } from '../../lib/publicConfig';
import type { User } from '../../types';

/** Avatar + full name; opens "Gestione profilo" (provider account page, new tab) and "Logout". */
export function UserMenu({ user }: { user: User | undefined }) {
  const translate = useTranslate();
  const logout = useLogout();
  const { data: config } = usePublicConfig();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();

  if (!user) return <Skeleton variant="rounded" width={160} height={40} />;
  const fullName = [user.name, user.surname].filter(Boolean).join(' ');
  const open = Boolean(anchor);

  return (
    <>
      <ButtonBase
        id={buttonId}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`${translate('app.layout.user_menu')}: ${fullName}`}
        sx={{ gap: 1, px: 1, py: 0.5, borderRadius: 1, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
      >
        <Avatar name={fullName} path={user.avatar} size={36} decorative />
        <Typography component="span" sx={{ fontWeight: 600, display: { xs: 'none', sm: 'inline' } }}>
          {fullName}
        </Typography>
        <ExpandMoreIcon fontSize="small" aria-hidden="true" />
      </ButtonBase>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          component="a"
          href={config?.account_url ?? '#'}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => setAnchor(null)}
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {translate('app.layout.profile')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {translate('app.layout.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
