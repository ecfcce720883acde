/**
 * Where a react-admin resource lives under /api. Nested resources take their parents' ids from
 * `meta`; a missing id leaves "undefined" in the path, and such requests are skipped.
 */
export interface NestedMeta {
  courseId?: string | number;
  moduleId?: string | number;
}

export function resourcePath(resource: string, meta?: NestedMeta): string {
  switch (resource) {
    case 'modules':
      return `courses/${meta?.courseId}/modules`;
    case 'lessons':
      return `courses/${meta?.courseId}/modules/${meta?.moduleId}/lessons`;
    case 'accessibility':
      return 'accessibility-reports';
    case 'audit':
      return 'audit-log';
    default:
      // A resource named in snake case (its permissions' spelling) is served in kebab case:
      // office_hours → /api/office-hours.
      return resource.replace(/_/g, '-');
  }
}

export function recordPath(resource: string, id: string | number | undefined, meta?: NestedMeta): string {
  return `${resourcePath(resource, meta)}/${id}`;
}
