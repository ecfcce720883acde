import { useTranslate } from 'ra-core';
import { Notice } from '../../components/Notice';

type Missing = 'course_missing' | 'module_missing' | 'lesson_missing';

/** The Italian key for a failed read: refused (403), missing (404, or an id that names nothing) or failed. */
export function problemKey(error: unknown, missing: Missing = 'course_missing'): string {
  const status = (error as { status?: number } | null)?.status;
  if (status === 403) return 'app.courses.no_access';
  if (status === 404 || status === 400 || status === 422) return `app.courses.${missing}`;
  return 'app.courses.load_failed';
}

/** Why a learner page cannot show its content, e.g. "Non hai accesso ai videocorsi." */
export function CoursesProblem({ error, missing }: { error: unknown; missing?: Missing }) {
  const translate = useTranslate();
  const key = problemKey(error, missing);
  return (
    <Notice severity={key === 'app.courses.load_failed' ? 'error' : 'warning'}>{translate(key)}</Notice>
  );
}
