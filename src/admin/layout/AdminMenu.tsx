import type { ComponentType } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AccessibilityIcon from '@mui/icons-material/AccessibilityNew';
import DashboardIcon from '@mui/icons-material/Dashboard';
import Box from '@mui/material/Box';
import { Menu, useBasename, useCanAccess, useMatch, useSidebarState, useTranslate } from 'react-admin';
import { FORCED_COLORS, FORCED_COLORS_MARK, FORCED_COLORS_MARK_WIDTH } from '../../theme';
import { menuEntries, type MenuEntry } from '../resource';
import { resources } from '../resources';

/** A menu link; the current page's says so to screen readers too (react-admin marks it only with a class). */
function Item({ to, label, icon: Icon }: { to: string; label: string; icon: ComponentType }) {
  const basename = useBasename();
  // The match react-admin uses for its own mark.
  const current = useMatch({ path: to, end: to === `${basename}/` });
  return <Menu.Item to={to} primaryText={label} leftIcon={<Icon />} aria-current={current ? 'page' : undefined} />;
}

function SectionItem({ entry }: { entry: MenuEntry }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess(entry.access);
  if (!canAccess) return null;
  return <Item to={entry.to} label={translate(`resources.${entry.name}.name`, { smart_count: 2 })} icon={entry.icon} />;
}

/** The dashboard, to whom the back-office lets in: without any permission it is only the refusal again. */
function DashboardItem() {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ action: 'read', resource: 'admin' });
  if (!canAccess) return null;
  // With the slash: react-admin marks the item of the base path current only when it ends there, without it on every page.
  return <Item to="/admin/" label={translate('app.admin.dashboard.title')} icon={DashboardIcon} />;
}

const ENTRIES = menuEntries(resources);

/** MUI's MenuItem padding, which the frame below gives its width back from. */
const ITEM_PADDING = { block: 6, inline: 16 };

/**
 * react-admin tells the current item by its darker text alone, a colour forced colours replace:
 * there a frame marks it (see FORCED_COLORS), a border so that it shows with the focus ring.
 */
const currentItemMarked = {
  '& .RaMenuItemLink-active': {
    [FORCED_COLORS]: {
      border: FORCED_COLORS_MARK,
      paddingBlock: `${ITEM_PADDING.block - FORCED_COLORS_MARK_WIDTH}px`,
      paddingInline: `${ITEM_PADDING.inline - FORCED_COLORS_MARK_WIDTH}px`,
    },
  },
} as const;

/** Open, a long name ("Segnalazioni di accessibilità") wraps rather than ending in "…"; closed, only the icons show. */
const longNamesWrap = {
  '& .MuiMenuItem-root, & .MuiMenuItem-root .MuiTypography-noWrap': { whiteSpace: 'normal', lineHeight: 1.3 },
} as const;

/**
 * The back-office menu: the dashboard and each section of src/admin/resources.ts to whom may open them
 * (its `list` access, or a custom page's own), then "Torna indietro" to the portal.
 */
export function AdminMenu() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  return (
    // A navigation landmark around react-admin's menu list.
    <Box component="nav" aria-label={translate('app.admin.navigation')}>
      <Menu sx={open ? { ...longNamesWrap, ...currentItemMarked } : currentItemMarked}>
        <DashboardItem />
        {ENTRIES.map((entry) => (
          <SectionItem key={entry.name} entry={entry} />
        ))}
        <Item to="/dashboard" label={translate('app.admin.back')} icon={ArrowBackIcon} />
        <Item to="/accessibilita" label={translate('app.a11y.statement.link')} icon={AccessibilityIcon} />
      </Menu>
    </Box>
  );
}
