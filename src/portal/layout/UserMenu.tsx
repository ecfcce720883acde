import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import PersonIcon from '@mui/icons-material/ManageAccountsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import PrivacyIcon from '@mui/icons-material/PrivacyTipOutlined';
import DevicesIcon from '@mui/icons-material/DevicesOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'ra-core';
import { Avatar } from '../../components/Avatar';
import { Skeleton } from '../../components/Skeleton';
import { usePublicConfig } from '../../config/publicConfig';
import type { User } from '../../../server/src/contract';
import { rowIconStyles, rowStyles } from './navItemStyles';
import { LazyCalendarFeedDialog } from '../calendar/LazyCalendarFeedDialog';
import { useLogout, useSession } from '../../authProvider/useSession';
import { useDropdownMenu } from './useDropdownMenu';
import { Link } from '../../routing/Link';

const itemStyles = ({ theme }: { theme: Parameters<typeof rowStyles>[0] }) => ({
  ...rowStyles(theme),
  minHeight: 48,
  padding: '6px 16px',
  whiteSpace: 'nowrap' as const,
  [theme.breakpoints.up('sm')]: { minHeight: 'auto' },
});
const ItemAnchor = styled('a')(itemStyles);
const ItemButton = styled('button')(itemStyles);
const ItemLink = styled(Link)(itemStyles);
const ItemIcon = styled('span')(({ theme }) => ({ ...rowIconStyles(theme), minWidth: 36 }));

/**
 * Avatar + full name; opens "Gestione profilo" (provider account page, new tab), "Calendario",
 * "I miei dati" (/i-miei-dati), "Accessi attivi" (the page of one's sign-ins) and "Logout". A drop-down of its own (useDropdownMenu) rather than MUI's Menu, whose Popover and
 * Modal would load with every page.
 */
export function UserMenu({ user }: { user: User | undefined }) {
  const translate = useTranslate();
  const logout = useLogout();
  const { data: config } = usePublicConfig();
  const [calendarOpen, setCalendarOpen] = useState(false);
  const { refresh } = useSession();
  const { open, close, buttonRef, buttonProps, menuProps } = useDropdownMenu();

  if (!user) return <Skeleton variant="rounded" width={160} height={40} />;
  const fullName = [user.name, user.surname].filter(Boolean).join(' ');

  return (
    <Box sx={{ position: 'relative' }}>
      <ButtonBase
        {...buttonProps}
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
        <Paper
          elevation={8}
          sx={{ position: 'absolute', top: 'calc(100% + 4px)', right: 0, minWidth: 200, zIndex: 'modal' }}
        >
          <Box component="ul" {...menuProps} sx={{ listStyle: 'none', m: 0, py: 1, px: 0 }}>
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
              <ItemLink role="menuitem" tabIndex={-1} to="/i-miei-dati" onClick={() => close(false)}>
                <ItemIcon>
                  <PrivacyIcon fontSize="small" />
                </ItemIcon>
                {translate('app.privacy.menu_item')}
              </ItemLink>
            </li>
            <li role="none">
              <ItemLink role="menuitem" tabIndex={-1} to="/accessi-attivi" onClick={() => close(false)}>
                <ItemIcon>
                  <DevicesIcon fontSize="small" />
                </ItemIcon>
                {translate('app.layout.sign_ins')}
              </ItemLink>
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
        onClose={() => setCalendarOpen(false)}
        onExited={() => buttonRef.current?.focus()}
        onRegenerated={refresh}
      />
    </Box>
  );
}
