import { useEffect, useState } from 'react';
import { inlinePublicConfig, loadPublicConfig } from '../config/publicConfigRequest';
import type { PublicConfig } from '../../server/src/contract';

export interface PublicConfigState {
  data: PublicConfig | undefined;
  isPending: boolean;
  isError: boolean;
}

/**
 * GET /api/config for the screens outside react-admin's context (login, callback): the same
 * once-per-page-load request as usePublicConfig(), without the portal's cache.
 */
export function usePublicConfigOnce(): PublicConfigState {
  // A page that came with the configuration renders with it from the first render.
  const [state, setState] = useState<PublicConfigState>(() => {
    const known = inlinePublicConfig();
    return { data: known, isPending: !known, isError: false };
  });
  useEffect(() => {
    if (!state.isPending) return;
    let active = true;
    loadPublicConfig().then(
      (data) => active && setState({ data, isPending: false, isError: false }),
      () => active && setState({ data: undefined, isPending: false, isError: true }),
    );
    return () => {
      active = false;
    };
    // Asked once, on mount: a later failure or answer is the request's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}
