import { useContext, useState, type ReactNode } from 'react';
import { CoreAdminContext, DataProviderContext } from 'ra-core';
import { adminContextProps, queryClient } from '../providers';
import { probedIdentity } from './sessionProbe';

/** ra-core's useGetIdentity() cache key. */
const IDENTITY_KEY = ['auth', 'getIdentity'];

/**
 * react-admin's context for the authenticated portal pages, with the module-level instances of
 * src/providers.ts (the back-office's <Admin> gets the very same ones, so the cache is shared).
 * The login and callback screens render outside it: ra-core and react-query load with the
 * first authenticated page. Inside an existing context (tests render in their own) it adds nothing.
 */
export function SharedAdminContext({ children }: { children: ReactNode }) {
  const outer = useContext(DataProviderContext);
  useState(() => {
    // The login screen already asked who the stored token belongs to: reuse that answer.
    const probed = probedIdentity();
    if (!outer && probed && queryClient.getQueryData(IDENTITY_KEY) === undefined) {
      queryClient.setQueryData(IDENTITY_KEY, probed.identity, { updatedAt: probed.at });
    }
  });
  if (outer) return <>{children}</>;
  return (
    <CoreAdminContext {...adminContextProps} basename="">
      {children}
    </CoreAdminContext>
  );
}
