import { Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import Box from '@mui/material/Box';
import { translateApp } from '../routing/translateApp';
import { Button } from './Button';
import { ErrorBoundary } from './ErrorBoundary';
import { renewFailedLazies, retryableLazy } from './retryableLazy';

export interface LazyDialogProps {
  open: boolean;
  onClose: () => void;
  /** Once the dialog has gone, for an opener that says where focus goes (its own opener is gone). */
  onExited?: () => void;
}

type Load<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A dialog (or drawer) whose code is downloaded the first time it opens, so that it stays out of
 * the first render of the page that offers it. Same props as the dialog.
 *
 * If its code cannot be downloaded (the connection dropped, or a deploy replaced the files), or it
 * throws, the page stays as it was — with whatever the user typed in it — and a notice says the
 * dialog could not open, with "Riprova" (which downloads it again, see retryableLazy) and "Chiudi".
 */
export function lazyDialog<P extends LazyDialogProps>(load: Load<P>) {
  const Dialog = retryableLazy(load);

  function LazyDialog(props: P) {
    const [wanted, setWanted] = useState(props.open);
    const [attempt, setAttempt] = useState(0);
    const [failed, setFailed] = useState(false);
    if (props.open && !wanted) setWanted(true);
    // Closed by its opener while failed: the next opening downloads it afresh.
    if (failed && !props.open) {
      setFailed(false);
      setWanted(false);
    }
    if (!wanted) return null;

    const onError = () => {
      renewFailedLazies();
      setFailed(true);
    };
    const retry = () => {
      setFailed(false);
      setAttempt((count) => count + 1);
    };
    const dismiss = () => {
      setFailed(false);
      setWanted(false);
      props.onClose();
    };

    return (
      <ErrorBoundary
        resetKey={attempt}
        onError={onError}
        fallback={<OpenFailed onRetry={retry} onDismiss={dismiss} onExited={props.onExited} />}
      >
        <Suspense fallback={null}>
          <Dialog {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  return LazyDialog;
}

interface OpenFailedProps {
  onRetry: () => void;
  onDismiss: () => void;
  onExited?: () => void;
}

/**
 * Where the dialog would have been: an alert at the bottom of the screen whose first button takes
 * focus, as the dialog would have. Plain boxes, not the page's Notice: it is part of the layout's
 * first render, on pages that show no notice. Whichever button is pressed, focus goes back to
 * where it was before (the button that opened the dialog), so that a retried dialog gives it back
 * there too when it closes.
 */
function OpenFailed({ onRetry, onDismiss, onExited }: OpenFailedProps) {
  const box = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    opener.current = document.activeElement;
    box.current?.querySelector('button')?.focus();
  }, []);

  /** Focus goes back first, then the answer: a retried dialog then remembers the opener. */
  const answer = (then: () => void) => () => {
    const element = opener.current;
    if (element instanceof HTMLElement && element.isConnected && element !== document.body) element.focus();
    else onExited?.();
    then();
  };

  return createPortal(
    <Box
      ref={box}
      role="alert"
      onKeyDown={(event) => {
        if (event.key === 'Escape') answer(onDismiss)();
      }}
      sx={{
        position: 'fixed',
        bottom: 16,
        insetInline: 16,
        maxWidth: 600,
        mx: 'auto',
        zIndex: 'snackbar',
        p: 2,
        bgcolor: 'background.paper',
        borderLeft: '6px solid',
        borderColor: 'error.main',
        borderRadius: 2,
        boxShadow: 6,
      }}
    >
      {translateApp('app.screen_error.dialog')}
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, justifyContent: 'flex-end' }}>
        <Button size="sm" onClick={answer(onRetry)}>
          {translateApp('app.screen_error.retry')}
        </Button>
        <Button size="sm" color="outlineGray" onClick={answer(onDismiss)}>
          {translateApp('app.screen_error.close')}
        </Button>
      </Box>
    </Box>,
    document.body,
  );
}
