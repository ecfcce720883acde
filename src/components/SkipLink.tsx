import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { FOCUS_COLOR } from '../theme';

/** The id every page gives its main content, the skip link's target. */
export const MAIN_ID = 'main';

/** Moves focus (and the view) to the page's main content. */
export function focusMain(event?: MouseEvent): void {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event?.preventDefault();
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus();
}

/**
 * The first thing on every page: hidden until focused, then a dark blue bar with white text
 * (10:1) that jumps past the navigation to the main content.
 */
export function SkipLink({ label }: { label: string }) {
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={focusMain}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: 2000,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: '#1e3a8a',
        color: '#ffffff',
        fontWeight: 700,
        textDecoration: 'underline',
        transform: 'translateY(-200%)',
        '&:focus, &:focus-visible': {
          transform: 'none',
          outline: `3px solid ${FOCUS_COLOR}`,
          outlineOffset: 2,
          boxShadow: '0 0 0 2px #ffffff',
        },
      }}
    >
      {label}
    </Box>
  );
}
