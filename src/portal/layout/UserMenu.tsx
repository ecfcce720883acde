import { useId, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import MenuList from '@mui/material/MenuList';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Skeleton from '@mui/material/Skeleton';
import PersonIcon from '@mui/icons-material/ManageAccountsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLogout, useTranslate } from 'ra-core';
import { Avatar } from '../../components/Avatar';
import { usePublicConfig } from '../../lib/publicConfig';
import type { User } from '../../types';

/**
 * Avatar + full name; opens "Gestione profilo" (provider account page, new tab) and "Logout".
 * A drop-down of its own (MenuList under the button) rather than MUI's Menu, whose Popover and
 * Modal would load with every page: arrow keys move between the items, Escape closes and gives
 * focus back to the button, Tab or a click elsewhere closes.
 */
export function UserMenu({ user }: { user: User | undefined }) {
  const translate = useTranslate();
  const logout = useLogout();
  const { data: config } = usePublicConfig();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const buttonId = useId();

  if (!user) return <Skeleton variant="rounded" width={160} height={40} />;
  const fullName = [user.name, user.surname].filter(Boolean).join(' ');

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <Box sx={{ position: 'relative' }}>
      <ButtonBase
        id={buttonId}
        ref={buttonRef}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
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
      {open && (
        <ClickAwayListener
          onClickAway={(event) => {
            if (!buttonRef.current?.contains(event.target as Node)) close(false);
          }}
        >
          <Paper elevation={8} sx={{ position: 'absolute', top: 'calc(100% + 4px)', right: 0, minWidth: 200, zIndex: 'modal' }}>
            <MenuList id={menuId} aria-labelledby={buttonId} autoFocusItem onKeyDown={onMenuKeyDown}>
              <MenuItem
                component="a"
                href={config?.account_url ?? '#'}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => close(false)}
              >
                <ListItemIcon>
                  <PersonIcon fontSize="small" />
                </ListItemIcon>
                {translate('app.layout.profile')}
              </MenuItem>
              <MenuItem
                onClick={() => {
                  close(false);
                  void logout();
                }}
              >
                <ListItemIcon>
                  <LogoutIcon fontSize="small" />
                </ListItemIcon>
                {translate('app.layout.logout')}
              </MenuItem>
            </MenuList>
          </Paper>
        </ClickAwayListener>
      )}
    </Box>
  );
}
