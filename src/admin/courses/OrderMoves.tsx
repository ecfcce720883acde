import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import {
  ListContext,
  useNotify,
  useRefresh,
  useTranslate,
  type Identifier,
  type ListControllerResult,
} from 'react-admin';
import type { MoveDirection } from '../../../server/src/contract';
import { announce } from '../../components/LiveRegion';
import { apiErrorText } from '../../dataProvider/apiError';
import { RowAction } from '../common/RowAction';
import { useAppDataProvider } from '../common/useAppDataProvider';
import { NAME_FILTER, type ParentMeta } from './listing';

interface Movable {
  id: Identifier;
  name: string;
  position: number;
}

/** The move a card's button asked for, once the list shows the card at its new place. */
interface Arrival {
  id: Identifier;
  position: number;
  direction: MoveDirection;
}

interface OrderMoves {
  move: (record: Movable, direction: MoveDirection) => void;
  arrival: Arrival | null;
  arrived: () => void;
}

const OrderMovesContext = createContext<OrderMoves | null>(null);

/**
 * Moves the modules of a course or the lessons of a module one place earlier or later (the API
 * swaps the record with its neighbour), then reloads the list. Moves asked for in quick succession
 * run one after another: each is the server's to resolve against the order as it is then, so
 * pressing "Sposta dopo" three times moves the record three places even before the list caught up.
 */
export function OrderMovesProvider({
  resource,
  meta,
  children,
}: {
  resource: 'modules' | 'lessons';
  meta: ParentMeta;
  children: ReactNode;
}) {
  const dataProvider = useAppDataProvider();
  const refresh = useRefresh();
  const notify = useNotify();
  const translate = useTranslate();
  const [arrival, setArrival] = useState<Arrival | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const run = async (record: Movable, direction: MoveDirection) => {
    try {
      const [moved] =
        resource === 'modules'
          ? await dataProvider.moveModule(meta.courseId, record.id, direction)
          : await dataProvider.moveLesson(meta.courseId, meta.moduleId!, record.id, direction);
      setArrival({ id: moved.id, position: moved.position, direction });
      refresh();
      announce(translate(`resources.${resource}.page.moved`, { name: moved.name, position: moved.position }));
    } catch (error) {
      notify(apiErrorText(error, translate('app.admin.error')), { type: 'error' });
    }
  };

  const value: OrderMoves = {
    move: (record, direction) => {
      queue.current = queue.current.then(() => run(record, direction));
    },
    arrival,
    arrived: () => setArrival(null),
  };
  return <OrderMovesContext.Provider value={value}>{children}</OrderMovesContext.Provider>;
}

/**
 * A card's "Sposta prima «name»" and "Sposta dopo «name»". They show only on the whole list in
 * position order (a search by name hides the records in between, so "the one before" would not
 * be the one on screen); the first card has no "Sposta prima", the last no "Sposta dopo". When the
 * list shows the moved card at its new place, focus goes to its button of the same direction (to
 * the other one when that is gone, at the first or last place).
 */
export function MoveButtons({ resource, record }: { resource: 'modules' | 'lessons'; record: Movable }) {
  const translate = useTranslate();
  const moves = useContext(OrderMovesContext);
  // Outside a list (a card drawn alone) there is no order to move in.
  const list = useContext(ListContext) as ListControllerResult<Movable & { id: Identifier }> | undefined;
  const { data, filterValues, sort } = list ?? {};
  const box = useRef<HTMLElement | null>(null);
  const arrival = moves?.arrival;
  const here = arrival && arrival.id === record.id && arrival.position === record.position;

  useEffect(() => {
    if (!here || !moves) return;
    const buttons = box.current?.querySelectorAll<HTMLElement>('[data-move]') ?? [];
    const target = [...buttons].find((button) => button.dataset.move === arrival.direction) ?? buttons[0];
    target?.focus();
    moves.arrived();
  });

  const searched = String((filterValues as Record<string, unknown>)?.[NAME_FILTER] ?? '').trim() !== '';
  if (!moves || !data || searched || sort?.field !== 'position' || sort.order !== 'ASC') return null;
  const index = data.findIndex((other) => other.id === record.id);
  if (index < 0) return null;
  const texts = `resources.${resource}.page`;

  return (
    <Box component="span" ref={box} sx={{ display: 'inline-flex', gap: 0.5 }}>
      {index > 0 && (
        <RowAction
          label={translate(`${texts}.move_earlier`, { name: record.name })}
          of={null}
          icon={<ArrowBackIcon fontSize="small" />}
          onClick={() => moves.move(record, 'earlier')}
          data-move="earlier"
        />
      )}
      {index < data.length - 1 && (
        <RowAction
          label={translate(`${texts}.move_later`, { name: record.name })}
          of={null}
          icon={<ArrowForwardIcon fontSize="small" />}
          onClick={() => moves.move(record, 'later')}
          data-move="later"
        />
      )}
    </Box>
  );
}
