import type { ReactNode } from 'react';
import { CanAccess } from 'react-admin';

export interface GateProps {
  action: string;
  resource: string;
  children: ReactNode;
}

/**
 * Shows `children` only when the authProvider grants `action` on `resource`.
 * Unlike a bare <CanAccess>, a failed access check hides the children instead of redirecting.
 */
export function Gate({ action, resource, children }: GateProps) {
  return (
    <CanAccess action={action} resource={resource} error={null}>
      {children}
    </CanAccess>
  );
}
