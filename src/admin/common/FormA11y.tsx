import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useFormState } from 'react-hook-form';

const REQUIRED_MARK = /^\s*\*\s*$/;

/**
 * Marks as aria-required every input whose label carries react-admin's required asterisk (an
 * aria-hidden "*": seen, but not said).
 */
export function markRequiredInputs(container: HTMLElement): void {
  for (const label of Array.from(container.querySelectorAll<HTMLLabelElement>('label[for]'))) {
    const marked = Array.from(label.querySelectorAll('[aria-hidden="true"]')).some((mark) =>
      REQUIRED_MARK.test(mark.textContent ?? ''),
    );
    if (!marked) continue;
    const input = container.ownerDocument.getElementById(label.htmlFor);
    if (input && input.getAttribute('aria-required') !== 'true') input.setAttribute('aria-required', 'true');
  }
}

/** The first field in error, in the order the form shows them. */
export function firstInvalidField(container: HTMLElement): HTMLElement | null {
  return container.querySelector<HTMLElement>('[aria-invalid="true"]');
}

/** The first field a person fills in: the first enabled text input, text area or combo box. */
export function firstField(container: HTMLElement): HTMLElement | null {
  return container.querySelector<HTMLElement>(
    'input:not([type="hidden"]):not([disabled]):not([type="checkbox"]):not([type="radio"]), textarea:not([disabled])',
  );
}

/**
 * Around a react-admin form's fields: the form opens with focus on its first field (a dialog
 * would otherwise keep it on its own frame), required fields are exposed as such, and after a
 * submit that ends with errors — the validators' or the server's 422 — focus moves to the first
 * field in error (its message is linked to it by the input's aria-describedby).
 */
export function FormA11y({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const { isSubmitting, submitCount, errors } = useFormState();
  const handled = useRef(0);

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    markRequiredInputs(container);
    // After the dialog's own focus handling, which runs once it has mounted.
    const frame = requestAnimationFrame(() => {
      if (!container.contains(document.activeElement)) firstField(container)?.focus();
    });
    const observer = new MutationObserver(() => markRequiredInputs(container));
    observer.observe(container, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);

  useEffect(() => {
    if (isSubmitting || submitCount === 0 || handled.current === submitCount) return;
    if (Object.keys(errors).length === 0) return;
    handled.current = submitCount;
    // After the render that marks the fields invalid.
    const frame = requestAnimationFrame(() => {
      if (ref.current) firstInvalidField(ref.current)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [isSubmitting, submitCount, errors]);

  return <Box ref={ref}>{children}</Box>;
}
