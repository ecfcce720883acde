import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import { visuallyHidden } from '@mui/utils';
import { useTranslate } from 'react-admin';
import { Link } from '../../routing/Link';
import { Button } from '../../components/Button';
import { Gate } from '../common/Gate';
import { CoverBox } from './CoverBox';

export type CoverCardAction = 'edit' | 'cover' | 'delete';

export interface CoverCardProps {
  /** Gives the access checks and the texts (`resources.<resource>.page.*`). */
  resource: 'courses' | 'modules';
  name: string;
  coverUrl: string | null | undefined;
  /** The page the card opens (the record's children). */
  to: string;
  onAction: (action: CoverCardAction) => void;
  /** The card's text below the cover. */
  children: ReactNode;
  /** More actions after "Cambia cover", behind the same edit access (a module's moves). */
  editActions?: ReactNode;
}

/**
 * A course or module card: a link with the 16:9 cover or "Nessuna cover" and the
 * record's text; "Modifica" and "Cambia cover" need the edit access, "Elimina" the delete access
 * (via canAccess).
 */
export function CoverCard({ resource, name, coverUrl, to, onAction, children, editActions }: CoverCardProps) {
  const translate = useTranslate();
  const texts = `resources.${resource}.page`;
  return (
    <Card variant="outlined" sx={{ width: '100%', display: 'flex', flexDirection: 'column' }}>
      {/*
        Named by what it shows (label in name), with what it does said first to screen readers only:
        "Apri i moduli di" + the card's text.
      */}
      <CardActionArea
        component={Link}
        to={to}
        sx={{
          flexGrow: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <Box component="span" sx={visuallyHidden}>
          {translate(`${texts}.open`, { name })}
        </Box>
        <CoverBox src={coverUrl} emptyText={translate(`${texts}.no_cover`)} />
        <CardContent>{children}</CardContent>
      </CardActionArea>
      <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <Gate action="edit" resource={resource}>
          <Button
            size="sm"
            color="outlinePrimary"
            onClick={() => onAction('edit')}
            aria-label={`${translate(`${texts}.edit`)} ${name}`}
          >
            {translate(`${texts}.edit`)}
          </Button>
          <Button
            size="sm"
            color="outlineGray"
            onClick={() => onAction('cover')}
            aria-label={`${translate(`${texts}.cover`)} ${name}`}
          >
            {translate(`${texts}.cover`)}
          </Button>
          {editActions}
        </Gate>
        <Gate action="delete" resource={resource}>
          <Button
            size="sm"
            color="red"
            onClick={() => onAction('delete')}
            aria-label={`${translate(`${texts}.delete`)} ${name}`}
          >
            {translate(`${texts}.delete`)}
          </Button>
        </Gate>
      </CardActions>
    </Card>
  );
}
