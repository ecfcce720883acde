import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { translateApp } from './routing/translateApp';

const systemFont = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(',');

/** The one focus colour: 6.7:1 on white, 6.1:1 on the page background. */
export const FOCUS_COLOR = '#1d4ed8';

/**
 * The one focus indicator of the product: a 3px ring 2px outside the control, with a white halo
 * under it so that it stays visible on dark surfaces too (the back-office bar, filled buttons).
 */
export const focusRing = {
  outline: `3px solid ${FOCUS_COLOR}`,
  outlineOffset: 2,
  boxShadow: '0 0 0 2px #ffffff',
} as const;

/** The same ring drawn inside the control: for rows and items whose container clips what sticks out. */
export const insetFocusRing = {
  outline: `3px solid ${FOCUS_COLOR}`,
  outlineOffset: -3,
  boxShadow: 'inset 0 0 0 5px #ffffff',
} as const;

/**
 * Forced colours (Windows high contrast and the like): the system paints every background with its
 * one background colour and every text with its one text colour, so a state told by a background
 * or a text colour alone (the current menu row, a calendar day with sessions) would vanish there.
 * Under this query such a state gets FORCED_COLORS_MARK, a frame in Highlight: a system colour,
 * which forced colours keep. Outside forced colours nothing changes.
 */
export const FORCED_COLORS = '@media (forced-colors: active)';
/** How wide the frame is: the frames that take room give it back from their padding. */
export const FORCED_COLORS_MARK_WIDTH = 2;
export const FORCED_COLORS_MARK = `${FORCED_COLORS_MARK_WIDTH}px solid Highlight`;

/**
 * Room kept above anything scrolled into view (focus moving backwards, in-page links): the
 * tallest sticky header (64px) plus a margin, so focus never ends up under it.
 */
export const STICKY_HEADER_CLEARANCE = 80;

/**
 * Page-wide rules, mounted once at the root (src/renderApp.tsx) for the portal and the back-office:
 * every keyboard focus shows the ring, except text fields, whose focused border already changes;
 * and whoever asks their system for less motion gets none: menus, dialogs and drawers appear
 * without sliding or fading (MUI's transitions are CSS transitions and animations).
 */
export const globalFocusStyles = {
  html: { scrollPaddingTop: STICKY_HEADER_CLEARANCE, scrollPaddingBottom: 16 },
  ':focus-visible': focusRing,
  '.Mui-focusVisible': focusRing,
  '.MuiInputBase-input:focus-visible': { outline: 'none', boxShadow: 'none' },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
} as const;

/**
 * One clean theme for the portal and the back-office: blue primary, system fonts, AA contrast.
 * These are its options; appTheme() is what createTheme() makes of them. react-admin's <Admin> runs
 * createTheme() on the theme it is given: given these options rather than `theme`, it builds the
 * very same theme without deep-merging a finished one (about 20 ms of its first render).
 */
export const themeOptions = {
  palette: {
    primary: { main: '#1d4ed8', dark: '#1e3a8a', light: '#dbeafe', contrastText: '#ffffff' },
    secondary: { main: '#475569' },
    success: { main: '#15803d', contrastText: '#ffffff' },
    error: { main: '#b91c1c', contrastText: '#ffffff' },
    text: { primary: '#0f172a', secondary: '#475569' },
    background: { default: '#f1f5f9', paper: '#ffffff' },
  },
  typography: {
    fontFamily: systemFont,
    h1: { fontSize: '1.75rem', fontWeight: 700 },
    h2: { fontSize: '1.375rem', fontWeight: 700 },
    h3: { fontSize: '1.125rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
  components: {
    // Every spinner (react-admin's loading indicator included) is named for screen readers.
    MuiCircularProgress: { defaultProps: { 'aria-label': translateApp('app.loading') } },
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } } },
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } } },
    MuiCardActionArea: { styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } } },
    MuiTableRow: { styleOverrides: { root: { '&:focus-visible': insetFocusRing } } },
    MuiSlider: {
      styleOverrides: {
        thumb: { '&.Mui-focusVisible': { ...focusRing, outlineOffset: 3 } },
      },
    },
    MuiLink: { styleOverrides: { root: { '&:focus-visible': focusRing } } },
    // On the coloured back-office bar the ring is white (6.7:1 or more on its colours).
    MuiAppBar: {
      styleOverrides: {
        // !important: the buttons' own ring (MuiButtonBase) is inserted after the bar's styles.
        root: {
          '& .Mui-focusVisible, & :focus-visible': {
            outline: '3px solid #ffffff !important',
            outlineOffset: 2,
            boxShadow: `0 0 0 2px ${FOCUS_COLOR} !important`,
          },
        },
      },
    },
    // While a load runs, react-admin fades its refresh button out under a spinner: a keyboard user
    // on that button lost sight of it and of its ring. The button stays; only its icon gives way to
    // the spinner, which lets the pointer through to the button.
    RaLoadingIndicator: {
      styleOverrides: {
        root: {
          '& .RaLoadingIndicator-loadedIcon.RaLoadingIndicator-loadedLoading': {
            opacity: 1,
            '& > svg': { opacity: 0 },
          },
          '& .RaLoadingIndicator-loader': { pointerEvents: 'none' },
        },
      },
    },
    // The back-office's skip link: react-admin draws it white on the page background (1.1:1).
    RaSkipNavigationButton: {
      styleOverrides: {
        root: {
          backgroundColor: '#1e3a8a',
          color: '#ffffff',
          textDecoration: 'underline',
          '&:hover': { backgroundColor: '#1e3a8a', opacity: 1 },
          // Gone at once when focus moves on: sliding away it would cover the menu button under it.
          transition: 'none',
          '&:focus': { ...focusRing, transition: 'none' },
        },
      },
    },
  },
} satisfies ThemeOptions;

let built: Theme | undefined;

/**
 * What createTheme() makes of themeOptions, built at the first call rather than when this module
 * loads: the app starts in short tasks (src/main.tsx), and building the theme is one of them.
 */
export function appTheme(): Theme {
  built ??= createTheme(themeOptions);
  return built;
}
