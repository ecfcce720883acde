import { lazy, type ComponentType } from 'react';
import { reloadableImport } from './reloadableImport';

type Load<P> = () => Promise<{ default: ComponentType<P> }>;

const failed = new Set<() => void>();

/**
 * React's `lazy` for a screen or dialog whose code may fail to download (the connection dropped, or
 * a deploy replaced the files). `lazy` keeps a failed import failed for good: after a failure,
 * `renewFailedLazies()` gives it a new `lazy`, so that its next render downloads it afresh (see
 * reloadableImport: some browsers keep the import itself failed), in place, without reloading the page.
 */
export function retryableLazy<P extends object>(importScreen: Load<P>): ComponentType<P> {
  const load = reloadableImport(importScreen);
  // lazy()'s props type goes through ref handling that a generic P cannot be checked against.
  let Loaded: ComponentType<P>;
  const renew = () => {
    Loaded = lazy(() =>
      load().catch((error: unknown) => {
        failed.add(renew);
        throw error;
      }),
    ) as unknown as ComponentType<P>;
  };
  renew();
  return (props: P) => <Loaded {...props} />;
}

/**
 * Called by an error boundary once it shows its fallback, never sooner: React renders a suspended
 * screen again when its download fails, and a new `lazy` then would download it again and again.
 */
export function renewFailedLazies(): void {
  for (const renew of failed) renew();
  failed.clear();
}
