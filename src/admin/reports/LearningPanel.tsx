import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useGetList, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { formatRomeDateTime } from '../common/dateTime';
import { teamPicker } from '../common/pickers';
import { SearchPicker } from '../common/SearchPicker';
import { formatPosition, LEARNING_FILE, reportsApi, type LearnerLesson, type LearningResponse } from './api';
import { DownloadButton } from './DownloadButton';
import { ScrollableTable } from '../common/ScrollableTable';

type Learner = LearningResponse['data'][number];

const t = (key: string) => `resources.reports.learning.${key}`;

function LearnerDialog({
  courseId,
  courseName,
  learner,
  onClose,
}: {
  courseId: number;
  courseName: string;
  learner: Learner;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  // The reset is update_lesosns, the catalogue's spelling (react-admin's "edit" on modules).
  const { canAccess: mayReset } = useCanAccess({ action: 'edit', resource: 'modules' });
  const [confirm, setConfirm] = useState<LearnerLesson | null>(null);
  const [busy, setBusy] = useState(false);
  const name = `${learner.name} ${learner.surname}`;
  const { data, isPending, isError } = useQuery({
    queryKey: ['reports', 'learner', courseId, learner.user_id],
    queryFn: () => reportsApi.learnerLessons(courseId, learner.user_id),
  });
  const reset = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      await reportsApi.resetProgress(courseId, confirm.module_id, confirm.lesson_id, learner.user_id);
      notify(t('reset_done'), { type: 'success' });
      setConfirm(null);
      await queryClient.invalidateQueries({ queryKey: ['reports'] });
    } catch (error) {
      console.error('Progress reset failed', error);
      notify(t('reset_error'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="learner-detail-title">
      <DialogTitle id="learner-detail-title">{translate(t('detail_title'), { name, course: courseName })}</DialogTitle>
      <DialogContent>
        {isError && <Alert severity="error">{translate('resources.reports.page.error')}</Alert>}
        {isPending && <Skeleton height={80} />}
        {data && (
          <ScrollableTable labelledBy="learner-detail-title">
            <Table size="small" aria-labelledby="learner-detail-title">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(t('module'))}</TableCell>
                  <TableCell>{translate(t('lesson'))}</TableCell>
                  <TableCell align="right">{translate(t('coverage'))}</TableCell>
                  <TableCell align="right">{translate(t('resume'))}</TableCell>
                  <TableCell>{translate(t('status'))}</TableCell>
                  {mayReset && <TableCell />}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((lesson) => (
                  <TableRow key={lesson.lesson_id} data-testid={`learner-lesson-${lesson.lesson_id}`}>
                    <TableCell>{lesson.module_name}</TableCell>
                    <TableCell>{lesson.lesson_name}</TableCell>
                    <TableCell align="right">
                      {lesson.coverage_percentage === null
                        ? translate(t('unknown_length'))
                        : `${lesson.coverage_percentage}%`}
                    </TableCell>
                    <TableCell align="right">{formatPosition(lesson.resume_position)}</TableCell>
                    <TableCell>{translate(t(lesson.completed ? 'lesson_completed' : 'lesson_open'))}</TableCell>
                    {mayReset && (
                      <TableCell align="right">
                        <Button
                          size="xs"
                          color="outlineGray"
                          disabled={!lesson.updated_at}
                          aria-label={translate(t('reset_label'), { lesson: lesson.lesson_name })}
                          onClick={() => setConfirm(lesson)}
                        >
                          {translate(t('reset'))}
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollableTable>
        )}
      </DialogContent>
      <DialogActions>
        <Button size="sm" color="outlineGray" onClick={onClose}>
          {translate(t('close'))}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirm !== null}
        title={translate(t('reset_title'))}
        content={translate(t('reset_confirm'), { name, lesson: confirm?.lesson_name ?? '' })}
        onConfirm={reset}
        onClose={() => setConfirm(null)}
        loading={busy}
      />
    </Dialog>
  );
}

/** The learning report: one course (and optionally one team), a row per learner, a detail per learner. */
export function LearningPanel() {
  const translate = useTranslate();
  const [courseId, setCourseId] = useState<number | ''>('');
  const [team, setTeam] = useState<RaRecord | null>(null);
  const [detail, setDetail] = useState<Learner | null>(null);
  const courses = useGetList('courses', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  const params = { courseId: courseId === '' ? 0 : courseId, teamId: team?.id ?? null };
  const { data, isPending, isError, isFetching } = useQuery({
    queryKey: ['reports', 'learning', params],
    queryFn: () => reportsApi.learning(params),
    enabled: courseId !== '',
    placeholderData: keepPreviousData,
  });
  const courseName = data?.meta.course_name ?? '';
  return (
    <Box>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: { md: 'flex-start' }, mb: 2 }}>
        <FormControl size="small" sx={{ minWidth: 260 }}>
          <InputLabel id="learning-course-label">{translate(t('course'))}</InputLabel>
          <Select
            labelId="learning-course-label"
            label={translate(t('course'))}
            value={courseId}
            onChange={(event) => setCourseId(Number(event.target.value) || '')}
            name="course"
          >
            {(courses.data ?? []).map((course) => (
              <MenuItem key={course.id} value={course.id}>
                {String(course.name)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Box sx={{ minWidth: 260, flex: 1, maxWidth: 420 }}>
          <SearchPicker
            config={teamPicker}
            label={translate('resources.reports.page.team')}
            value={team}
            onChange={setTeam}
            name="learning-team"
            size="small"
          />
        </Box>
        <DownloadButton
          download={() => reportsApi.learningFile(params)}
          filename={LEARNING_FILE}
          label="resources.reports.page.download"
          errorMessage="resources.reports.page.download_error"
          disabled={!data}
        />
      </Stack>
      {courses.data?.length === 0 && <Typography>{translate(t('no_courses'))}</Typography>}
      {courseId === '' && courses.data?.length !== 0 && (
        <Typography color="text.secondary">{translate(t('pick_course'))}</Typography>
      )}
      {isError && <Alert severity="error">{translate('resources.reports.page.error')}</Alert>}
      {courseId !== '' && isPending && !isError && <Skeleton height={80} />}
      {courseId !== '' && data && (
        <Box aria-busy={isFetching}>
          <Typography sx={{ mb: 1 }} data-testid="learning-total">
            {translate(t('lessons_total'), { count: data.meta.lessons_total })}
          </Typography>
          <ScrollableTable label={translate(t('title'))}>
            <Table size="small" aria-label={translate(t('title'))}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(t('learner'))}</TableCell>
                  <TableCell>{translate(t('email'))}</TableCell>
                  <TableCell>{translate(t('teams'))}</TableCell>
                  <TableCell align="right">{translate(t('completed'))}</TableCell>
                  <TableCell align="right">{translate(t('percentage'))}</TableCell>
                  <TableCell align="right">{translate(t('watched'))}</TableCell>
                  <TableCell>{translate(t('last_activity'))}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={8}>{translate(t('no_learners'))}</TableCell>
                  </TableRow>
                )}
                {data.data.map((row) => {
                  const name = `${row.name} ${row.surname}`;
                  return (
                    <TableRow key={row.user_id} data-testid={`learning-row-${row.user_id}`}>
                      <TableCell component="th" scope="row">
                        {name}
                      </TableCell>
                      <TableCell>{row.email}</TableCell>
                      <TableCell>{row.team_names.join(', ')}</TableCell>
                      <TableCell align="right">
                        {translate(t('completed_value'), { done: row.lessons_completed, total: row.lessons_total })}
                      </TableCell>
                      <TableCell align="right">{`${row.completion_percentage}%`}</TableCell>
                      <TableCell align="right">{row.watched_minutes}</TableCell>
                      <TableCell>
                        {row.last_activity_at ? formatRomeDateTime(row.last_activity_at) : translate(t('never'))}
                      </TableCell>
                      <TableCell align="right">
                        <Button
                          size="xs"
                          color="outlinePrimary"
                          aria-label={translate(t('detail_of'), { name })}
                          onClick={() => setDetail(row)}
                        >
                          {translate(t('detail'))}
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </ScrollableTable>
        </Box>
      )}
      {detail && courseId !== '' && (
        <LearnerDialog courseId={courseId} courseName={courseName} learner={detail} onClose={() => setDetail(null)} />
      )}
    </Box>
  );
}
