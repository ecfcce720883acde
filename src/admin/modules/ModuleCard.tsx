import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import type { Module } from '../../portal/courses/types';
import { CoverBox } from '../courses/CoverBox';
import { Gate } from '../courses/Gate';

export type ModuleAction = 'edit' | 'cover' | 'delete';

export interface ModuleCardProps {
  module: Module;
  /** The admin lessons page of this module. */
  to: string;
  onAction: (action: ModuleAction, module: Module) => void;
}

/**
 * 16:9 cover or "Nessuna cover", "position. name"; "Modifica" and "Cambia cover" need
 * update_lesosns, "Elimina" delete_courses (SPEC §6, via canAccess).
 */
export function ModuleCard({ module, to, onAction }: ModuleCardProps) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ width: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea
        component={Link}
        to={to}
        aria-label={translate('resources.modules.page.open', { name: module.name })}
        sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <CoverBox src={module.cover_url} emptyText={translate('resources.modules.page.no_cover')} />
        <CardContent>
          <Typography component="h3" variant="h3">
            {module.position}. {module.name}
          </Typography>
        </CardContent>
      </CardActionArea>
      <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <Gate action="edit" resource="modules">
          <Button size="sm" color="outlinePrimary" onClick={() => onAction('edit', module)}>
            {translate('resources.modules.page.edit')}
          </Button>
          <Button size="sm" color="outlineGray" onClick={() => onAction('cover', module)}>
            {translate('resources.modules.page.cover')}
          </Button>
        </Gate>
        <Gate action="delete" resource="modules">
          <Button size="sm" color="red" onClick={() => onAction('delete', module)}>
            {translate('resources.modules.page.delete')}
          </Button>
        </Gate>
      </CardActions>
    </Card>
  );
}
