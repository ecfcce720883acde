import { Component, type ReactNode } from 'react';
import { reportError } from '../errorReports';

interface ErrorBoundaryProps {
  /** Shown in place of the children once they have thrown. */
  fallback: ReactNode;
  /** A new key renders the children again. */
  resetKey: string | number;
  /** Called once per failure, after the fallback has replaced the children. */
  onError?: (error: unknown) => void;
  children: ReactNode;
}

/*
 * React's error boundary pattern, in the few lines the app needs. react-error-boundary (which
 * react-admin uses in the back-office) does the same with more options; here it would add half a
 * kilobyte to the first render of every page, which is at its budget.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean; key: string | number }> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: { key: string | number }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    // The page shows the fallback, so the person can go on; staff learn of it from the log.
    reportError('render', error);
    this.props.onError?.(error);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
