import Link from '@mui/material/Link';
import { useTranslate } from 'ra-core';
import { hasPermission } from '../../authProvider/canAccess';
import { usePermissions, useSession } from '../../authProvider/useSession';
import { Notice } from '../../components/Notice';
import { Link as RouterLink } from '../../routing/Link';

type Missing = 'course_missing' | 'module_missing' | 'lesson_missing';

/**
 * The Italian key for a failed read: refused (403), missing (404, or an id that names nothing) or
 * failed. A refusal to someone with access to the video courses is about this course (one not
 * published), not about the courses.
 */
export function problemKey(error: unknown, missing: Missing = 'course_missing', coursesAccess = false): string {
  const status = (error as { status?: number } | null)?.status;
  if (status === 403) return coursesAccess ? 'app.courses.course_unavailable' : 'app.courses.no_access';
  if (status === 404 || status === 400 || status === 422) return `app.courses.${missing}`;
  return 'app.courses.load_failed';
}

/**
 * Why a learner page cannot show its content, e.g. "Questo videocorso non è disponibile.", with the
 * way back to the courses for whoever may open them.
 */
export function CoursesProblem({
  error,
  missing,
  list = false,
}: {
  error: unknown;
  missing?: Missing;
  list?: boolean;
}) {
  const translate = useTranslate();
  const { user } = useSession();
  const permissions = usePermissions();
  const coursesAccess = Boolean(user?.mooc_access) || hasPermission(permissions, 'read_courses');
  // The list refused is the courses refused, whatever the person's access looked like.
  const key = problemKey(error, missing, coursesAccess && !list);
  const wayBack = coursesAccess && !list && key !== 'app.courses.load_failed';
  return (
    <Notice
      severity={key === 'app.courses.load_failed' ? 'error' : 'warning'}
      action={
        wayBack ? (
          <Link component={RouterLink} to="/courses" sx={{ fontWeight: 600 }}>
            {translate('app.courses.all_courses')}
          </Link>
        ) : undefined
      }
    >
      {translate(key)}
    </Notice>
  );
}
