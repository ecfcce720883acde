import Typography from '@mui/material/Typography';
import type { Module } from '../../portal/courses/types';
import { CoverCard, type CoverCardAction } from '../courses/CoverCard';
import { MoveButtons } from '../courses/OrderMoves';

export type ModuleAction = CoverCardAction;

export interface ModuleCardProps {
  module: Module;
  /** The admin lessons page of this module. */
  to: string;
  onAction: (action: ModuleAction, module: Module) => void;
}

/** 16:9 cover or "Nessuna cover", "position. name"; actions gated as in CoverCard, the moves as "Modifica". */
export function ModuleCard({ module, to, onAction }: ModuleCardProps) {
  return (
    <CoverCard
      resource="modules"
      name={module.name}
      coverUrl={module.cover_url}
      to={to}
      onAction={(action) => onAction(action, module)}
      editActions={<MoveButtons resource="modules" record={module} />}
    >
      <Typography component="h3" variant="h3">
        {module.position}. {module.name}
      </Typography>
    </CoverCard>
  );
}
