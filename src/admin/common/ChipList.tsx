import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { limitItems, MAX_CHIPS } from './text';

export interface ChipListProps {
  labels: readonly string[];
  /** What to write when the list is empty (e.g. "Tutte le startup"). */
  emptyText?: string;
  max?: number;
}

/** At most `max` chips, then "+N" for the rest (3 experts or teams per row). */
export function ChipList({ labels, emptyText = '', max = MAX_CHIPS }: ChipListProps) {
  const { shown, hidden } = limitItems(labels, max);
  if (shown.length === 0) {
    return emptyText ? (
      <Typography variant="body2" color="text.secondary">
        {emptyText}
      </Typography>
    ) : null;
  }
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {shown.map((label, index) => (
        <Chip key={`${label}-${index}`} label={label} size="small" />
      ))}
      {hidden > 0 && <Chip label={`+${hidden}`} size="small" variant="outlined" aria-label={`e altri ${hidden}`} />}
    </Stack>
  );
}
