import { Component, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface CatchProps {
  fallback: ComponentType;
  /** A new key renders the children again. */
  resetKey: string;
  children: ReactNode;
}

/*
 * React's own error boundary pattern, in the few lines this needs. react-error-boundary (which
 * react-admin uses in the back-office) does the same with more options; here it would add half a
 * kilobyte to the first render of every page, which is at its budget.
 */
class Catch extends Component<CatchProps, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: CatchProps, state: { key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  render() {
    const Fallback = this.props.fallback;
    return this.state.failed ? <Fallback /> : this.props.children;
  }
}

/**
 * Catches what a screen throws while it loads or renders — most often a chunk the browser can no
 * longer download (the connection dropped, or a deploy replaced the files) — and shows `fallback`
 * in its place instead of leaving the page blank. Going to another path renders the children
 * again; the same path needs a reload, since React keeps a failed lazy import failed.
 */
export function ScreenErrorBoundary({ fallback, children }: { fallback: ComponentType; children: ReactNode }) {
  return (
    <Catch fallback={fallback} resetKey={useLocation().pathname}>
      {children}
    </Catch>
  );
}
