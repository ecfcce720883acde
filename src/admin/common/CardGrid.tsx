import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import { useListContext, useTranslate, type RaRecord } from 'react-admin';
import { EmptyState } from './ResourceTable';
import { RecordRowName } from './rowName';

/** Roles and courses show 8 skeleton cards while loading. */
export const SKELETON_CARDS = 8;

export const cardGridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
} as const;

export function SkeletonCards({ count = SKELETON_CARDS }: { count?: number }) {
  const translate = useTranslate();
  return (
    <Box sx={cardGridSx} role="status" aria-label={translate('app.admin.list.loading')} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} variant="outlined" data-testid="skeleton-card">
          <CardContent>
            <Skeleton variant="text" width="60%" height={32} />
            <Skeleton variant="text" width="90%" />
            <Skeleton variant="text" width="40%" />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

export interface CardGridProps<RecordType extends RaRecord = RaRecord> {
  renderCard: (record: RecordType) => ReactNode;
  /** Translation key of the empty state. */
  empty: string;
}

/** The list's records as a grid of cards; 8 skeleton cards while loading. */
export function CardGrid<RecordType extends RaRecord = RaRecord>({ renderCard, empty }: CardGridProps<RecordType>) {
  const translate = useTranslate();
  const { data, isPending, error } = useListContext<RecordType>();
  if (isPending) return <SkeletonCards />;
  if (error) return <EmptyState text={translate('app.admin.error')} />;
  if (!data || data.length === 0) return <EmptyState text={translate(empty)} />;
  return (
    <Box component="ul" sx={{ ...cardGridSx, listStyle: 'none', p: 0, m: 0 }}>
      {data.map((record) => (
        <Box component="li" key={record.id} sx={{ display: 'flex' }}>
          <RecordRowName record={record}>{renderCard(record)}</RecordRowName>
        </Box>
      ))}
    </Box>
  );
}
