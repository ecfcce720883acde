import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Skeleton from '@mui/material/Skeleton';
import { styled } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import PersonIcon from '@mui/icons-material/ManageAccountsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLogout, useTranslate } from 'ra-core';
import { Avatar } from '../../components/Avatar';
import { usePublicConfig } from '../../lib/publicConfig';
import type { User } from '../../../server/src/schemas/contract';
import { rowIconStyles, rowStyles } from './navItemStyles';
import { LazyCalendarFeedDialog } from '../calendar/LazyCalendarFeedDialog';
import { useSession } from '../../authProvider/useSession';

const itemStyles = ({ theme }: { theme: Parameters<typeof rowStyles>[0] }) => ({
  ...rowStyles(theme),
  minHeight: 48,
  padding: '6px 16px',
  whiteSpace: 'nowrap' as const,
  [theme.breakpoints.up('sm')]: { minHeight: 'auto' },
});
const ItemAnchor = styled('a')(itemStyles);
const ItemButton = styled('button')(itemStyles);
const ItemIcon = styled('span')(({ theme }) => ({ ...rowIconStyles(theme), minWidth: 36 }));

const menuItems = (menu: HTMLElement | null) => Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/**
 * Avatar + full name; opens "Gestione profilo" (provider account page, new tab) and "Logout".
 * A drop-down of its own rather than MUI's Menu (whose Popover and Modal would load with every
 * page), with the menu keyboard pattern: the first item takes focus, arrow keys, Home and End move,
 * Escape closes and gives focus back to the button, Tab or a click elsewhere closes.
 */
export function UserMenu({ user }: { user: User | undefined }) {
  const translate = useTranslate();
  const logout = useLogout();
  const { data: config } = usePublicConfig();
  const [open, setOpen] = useState(false);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const { refresh } = useSession();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const buttonId = useId();

  useEffect(() => {
    if (!open) return;
    menuItems(menuRef.current)[0]?.focus();
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  if (!user) return <Skeleton variant="rounded" width={160} height={40} />;
  const fullName = [user.name, user.surname].filter(Boolean).join(' ');

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const items = menuItems(menuRef.current);
    const current = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => {
      event.preventDefault();
      items[(index + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') focusAt(current + 1);
    else if (event.key === 'ArrowUp') focusAt(current - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
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
        // The visible name comes first, so that saying what is shown activates it (label in name).
        aria-label={`${fullName}, ${translate('app.layout.user_menu')}`}
        sx={{ gap: 1, px: 1, py: 0.5, borderRadius: 1 }}
      >
        <Avatar name={fullName} path={user.avatar} size={36} decorative />
        <Typography component="span" sx={{ fontWeight: 600, display: { xs: 'none', sm: 'inline' } }}>
          {fullName}
        </Typography>
        <ExpandMoreIcon fontSize="small" aria-hidden="true" />
      </ButtonBase>
      {open && (
        <Paper elevation={8} sx={{ position: 'absolute', top: 'calc(100% + 4px)', right: 0, minWidth: 200, zIndex: 'modal' }}>
          <Box
            component="ul"
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={buttonId}
            onKeyDown={onMenuKeyDown}
            sx={{ listStyle: 'none', m: 0, py: 1, px: 0 }}
          >
            {config?.account_url && (
              <li role="none">
                <ItemAnchor
                  role="menuitem"
                  tabIndex={-1}
                  href={config.account_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => close(false)}
                >
                  <ItemIcon>
                    <PersonIcon fontSize="small" />
                  </ItemIcon>
                  {translate('app.layout.profile')}
                  <Box component="span" sx={visuallyHidden}>
                    {` ${translate('app.a11y.new_tab')}`}
                  </Box>
                </ItemAnchor>
              </li>
            )}
            <li role="none">
              <ItemButton
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-haspopup="dialog"
                onClick={() => {
                  close(false);
                  setCalendarOpen(true);
                }}
              >
                <ItemIcon>
                  <CalendarIcon fontSize="small" />
                </ItemIcon>
                {translate('app.calendar.menu_item')}
              </ItemButton>
            </li>
            <li role="none">
              <ItemButton
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close(false);
                  void logout();
                }}
              >
                <ItemIcon>
                  <LogoutIcon fontSize="small" />
                </ItemIcon>
                {translate('app.layout.logout')}
              </ItemButton>
            </li>
          </Box>
        </Paper>
      )}
      <LazyCalendarFeedDialog
        open={calendarOpen}
        feedUrl={user.calendar_feed_url}
        onClose={() => {
          setCalendarOpen(false);
          buttonRef.current?.focus();
        }}
        onRegenerated={refresh}
      />
    </Box>
  );
}
