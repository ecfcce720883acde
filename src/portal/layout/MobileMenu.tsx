import type { ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';
import { SIDEBAR_WIDTH } from './dimensions';

/**
 * The slide-in menu of small screens. A chunk of its own, loaded the first time the menu button
 * is pressed: MUI's Drawer and Modal are not needed before that.
 */
export default function MobileMenu({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: false }}
      sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}
    >
      {children}
    </Drawer>
  );
}
