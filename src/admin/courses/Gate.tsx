import type { ReactNode } from 'react';
import { CanAccess } from 'react-admin';

/** Shows `children` only when the authProvider grants `action` on `resource` (SPEC §6 gates). */
export function Gate({ action, resource, children }: { action: string; resource: string; children: ReactNode }) {
  return (
    <CanAccess action={action} resource={resource} error={null}>
      {children}
    </CanAccess>
  );
}
