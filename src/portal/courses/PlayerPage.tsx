import { useCallback, useDeferredValue, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { useParams } from 'react-router';
import { queryClient } from '../../queryClient';
import { portalDataProvider as dataProvider } from '../portalData';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { usePageTitle } from '../layout/pageTitle';
import { PageLoader } from '../PageLoader';
import { BackLink } from './BackLink';
import { coverageOf, nextLessonOf, resumePosition } from './completion';
import { CoursesProblem } from './CoursesProblem';
import { LessonSidebar } from './LessonSidebar';
// The video is what this page paints first: its code comes with the page's, not after the lesson.
import LessonVideo from './LessonVideo';
import type { MediaLike, PlaybackSnapshot } from './playback';
import { COURSES_KEY, lessonHref, moduleHref, useLesson, useLessons } from './queries';
import type { Lesson } from './types';
import { useLessonSync } from './useLessonSync';
import './texts';

/** /courses/{c}/modules/{m}/lessons/{l} (title "Lezione"). */
export default function PlayerPage() {
  const { courseId = '', moduleId = '', lessonId = '' } = useParams();
  // A new lesson is a new player: fresh seek, fresh sync state, and the last sync of the previous one.
  return (
    <LessonPlayer
      key={`${courseId}/${moduleId}/${lessonId}`}
      courseId={courseId}
      moduleId={moduleId}
      lessonId={lessonId}
    />
  );
}

interface LessonPlayerProps {
  courseId: string;
  moduleId: string;
  lessonId: string;
}

function LessonPlayer({ courseId, moduleId, lessonId }: LessonPlayerProps) {
  const translate = useTranslate();
  const lesson = useLesson(courseId, moduleId, lessonId);
  // "Introduzione · Lezione · Percorso": the document title names the lesson shown.
  usePageTitle(translate('app.courses.player.title'), lesson.data?.name);
  const lessons = useLessons(courseId, moduleId);
  const sync = useSyncLesson(courseId, moduleId, lessonId, lesson.data, lesson.refetch);
  const media = useRef<MediaLike | null>(null);
  const [playing, setPlaying] = useState(false);
  const onMedia = useCallback((element: MediaLike) => {
    media.current = element;
  }, []);
  useLessonSync({ getMedia: () => media.current, playing, send: sync });
  // The saved position as first loaded: later reloads must not move the video again.
  const [position, setPosition] = useState<number | null | undefined>(undefined);
  if (position === undefined && lesson.data) setPosition(resumePosition(lesson.data));
  // The video's address as first loaded: a site video's is signed and valid for hours, and the
  // lesson's later reloads (after each sync) must not hand the player a new source mid-play.
  const [source, setSource] = useState<string | undefined>(undefined);
  if (source === undefined && lesson.data) setSource(lesson.data.playback_url);

  // The player, its video and the lesson list render as a deferred render, which React does in
  // slices between which the browser can paint and handle input, rather than in one long task.
  const current = useDeferredValue(lesson.data);
  const shownLessons = useDeferredValue(lessons.data);

  if (lesson.error) return <CoursesProblem error={lesson.error} missing="lesson_missing" />;
  if (!current || position === undefined || source === undefined) return <PageLoader />;

  const next = nextLessonOf(shownLessons ?? [], lessonId);
  const finalButton = next
    ? { label: translate('app.courses.player.next'), to: lessonHref(courseId, moduleId, next.id) }
    : { label: translate('app.courses.player.back'), to: moduleHref(courseId, moduleId) };

  return (
    <Stack spacing={2}>
      <div>
        <BackLink to={moduleHref(courseId, moduleId)}>{translate('app.courses.lessons')}</BackLink>
      </div>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 320px' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2}>
          <LessonVideo
            src={source}
            name={current.name}
            position={position}
            onMedia={onMedia}
            onPlayingChange={setPlaying}
          />
          <Typography component="h2" variant="h2">
            {current.name}
          </Typography>
          {current.description && <Typography color="text.secondary">{current.description}</Typography>}
          <LessonStatus lesson={current} button={finalButton} />
        </Stack>
        {shownLessons && (
          <LessonSidebar courseId={courseId} moduleId={moduleId} lessons={shownLessons} currentId={lessonId} />
        )}
      </Box>
    </Stack>
  );
}

/** Completed: the way on. Not yet: the notice, and how far the server's count is from the threshold. */
function LessonStatus({ lesson, button }: { lesson: Lesson; button: { label: string; to: string } }) {
  const translate = useTranslate();
  if (lesson.completed) {
    return (
      // Appears when the server counts the lesson as completed: said politely, not as an alarm.
      <Notice
        severity="success"
        role="status"
        action={
          <Button to={button.to} color="green" sx={{ whiteSpace: 'nowrap' }}>
            {button.label}
          </Button>
        }
        sx={{ alignItems: 'center' }}
      >
        {translate('app.courses.player.completed')}
      </Notice>
    );
  }
  const coverage = coverageOf(lesson);
  if (coverage.length === null) {
    // Completion is measured against a length the server trusts; without one, nobody can complete.
    return (
      <Notice severity="info" role="note">
        {translate('app.courses.player.no_length')}
      </Notice>
    );
  }
  return (
    <Stack spacing={1}>
      {/* Part of the page, read in its place: not announced as an alert on every lesson. */}
      <Notice severity="warning" role="note">
        {translate('app.courses.player.notice', { button: button.label })}
      </Notice>
      {/* Not a live region: it changes with every save (every 3 s while the video plays). */}
      <Typography variant="body2" color="text.secondary" data-testid="lesson-coverage">
        {translate('app.courses.player.coverage', coverage)}
      </Typography>
    </Stack>
  );
}

/**
 * Sends one sync and reloads the lesson. When the server's verdict on completion changes, the
 * module's list and the course's percentages are refreshed too.
 */
function useSyncLesson(
  courseId: string,
  moduleId: string,
  lessonId: string,
  lesson: Lesson | undefined,
  reload: () => unknown,
) {
  const completed = useRef(lesson?.completed);
  completed.current = lesson?.completed ?? completed.current;

  return useCallback(
    ({ position, ...rest }: PlaybackSnapshot, { keepalive }: { keepalive: boolean }) => {
      dataProvider
        // The sync body names the position `duration`.
        .syncLesson(courseId, moduleId, lessonId, { duration: position, ...rest }, { keepalive })
        .then((updated) => {
          if (updated && updated.completed !== completed.current) {
            completed.current = updated.completed;
            // The lesson, its module's list and every count above it (this lesson among them).
            return queryClient.invalidateQueries({ queryKey: COURSES_KEY });
          }
          return reload();
        })
        // A lost sync is repeated by the next one, 3 s later; the page has nothing to show for it.
        .catch(() => undefined);
    },
    [courseId, moduleId, lessonId, reload],
  );
}
