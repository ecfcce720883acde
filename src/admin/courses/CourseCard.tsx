import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import type { Course } from '../../portal/courses/types';
import { CoverBox } from './CoverBox';
import { Gate } from './Gate';

export type CourseAction = 'edit' | 'cover' | 'delete';

/** A course: cover, name, description, published state; links to its modules (SPEC §2). */
export function CourseCard({ course, onAction }: { course: Course; onAction: (action: CourseAction, course: Course) => void }) {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Card variant="outlined" sx={{ width: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea
        component={Link}
        to={`${basename}/courses/${course.id}/modules`}
        aria-label={translate('resources.courses.page.open', { name: course.name })}
        sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <CoverBox src={course.cover_url} emptyText={translate('resources.courses.page.no_cover')} />
        <CardContent>
          <Typography component="h3" variant="h3" gutterBottom>
            {course.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {course.description}
          </Typography>
          <Chip
            size="small"
            color={course.published ? 'success' : 'default'}
            label={translate(course.published ? 'resources.courses.page.published' : 'resources.courses.page.unpublished')}
          />
        </CardContent>
      </CardActionArea>
      <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <Gate action="edit" resource="courses">
          <Button size="sm" color="outlinePrimary" onClick={() => onAction('edit', course)}>
            {translate('resources.courses.page.edit')}
          </Button>
          <Button size="sm" color="outlineGray" onClick={() => onAction('cover', course)}>
            {translate('resources.courses.page.cover')}
          </Button>
        </Gate>
        <Gate action="delete" resource="courses">
          <Button size="sm" color="red" onClick={() => onAction('delete', course)}>
            {translate('resources.courses.page.delete')}
          </Button>
        </Gate>
      </CardActions>
    </Card>
  );
}
