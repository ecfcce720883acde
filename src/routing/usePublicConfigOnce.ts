import { useEffect, useState } from 'react';
import { loadPublicConfig } from '../lib/publicConfigRequest';
import type { PublicConfig } from '../../server/src/schemas/contract';

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
  const [state, setState] = useState<PublicConfigState>({ data: undefined, isPending: true, isError: false });
  useEffect(() => {
    let active = true;
    loadPublicConfig().then(
      (data) => active && setState({ data, isPending: false, isError: false }),
      () => active && setState({ data: undefined, isPending: false, isError: true }),
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
}
