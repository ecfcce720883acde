import type { ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'ra-core';
import { IconButton } from '../../components/IconButton';
import { SIDEBAR_WIDTH } from './dimensions';

/**
 * The slide-in menu of small screens. A chunk of its own, loaded the first time the menu button
 * is pressed: MUI's Drawer and Modal are not needed before that. It closes with Escape, a tap
 * outside, or its own close button (what a screen reader on a touch screen can reach); focus then
 * returns to the menu button.
 */
export default function MobileMenu({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Drawer
      // The drawer is a modal dialog on phones: it is named like the button that opens it.
      slotProps={{ paper: { role: 'dialog', 'aria-modal': true, 'aria-label': translate('app.layout.menu') } }}
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: false }}
      sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}
    >
      <IconButton
        aria-label={translate('app.layout.close_menu')}
        onClick={onClose}
        sx={{ position: 'absolute', top: 12, right: 8, zIndex: 1 }}
      >
        <CloseIcon />
      </IconButton>
      {children}
    </Drawer>
  );
}
