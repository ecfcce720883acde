import { createElement, isValidElement, type ComponentType, type ReactElement } from 'react';
import { CanAccess } from 'react-admin';
import type { AdminResource } from '../resource';
import { AccessDenied } from './AccessDenied';

const VIEWS = ['list', 'create', 'edit', 'show'] as const;
type View = (typeof VIEWS)[number];

/**
 * A resource's views, each rendered only once its access check allows it, else "Accesso negato" in
 * place. react-admin's own views start their data request as soon as the check has answered, even
 * when the answer is no: the server's 403 then showed as an error notification before react-admin
 * moved on to its access-denied page.
 */
export function guardedViews(section: AdminResource): Partial<Record<View, ReactElement>> {
  const views: Partial<Record<View, ReactElement>> = {};
  for (const view of VIEWS) {
    const content = section[view];
    if (!content) continue;
    views[view] = (
      <CanAccess action={view} resource={section.name} accessDenied={<AccessDenied />}>
        {isValidElement(content) ? content : createElement(content as ComponentType)}
      </CanAccess>
    );
  }
  return views;
}
