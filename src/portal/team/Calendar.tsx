import { memo, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import {
  WEEKDAY_LABELS,
  dayKey,
  monthGrid,
  monthTitle,
  nextMonth,
  previousMonth,
  romeDayKey,
  romeMonthOf,
  sessionDays,
  type CalendarMonth,
} from '../../dates/calendar';
import { IconButton } from '../../components/IconButton';
import { toDate } from '../../dates/format';
import { FORCED_COLORS, FORCED_COLORS_MARK, FORCED_COLORS_MARK_WIDTH } from '../../theme';
import { SideCard } from './SideCard';
import { VisuallyHidden } from './VisuallyHidden';

export interface CalendarProps {
  sessions: ReadonlyArray<{ start_time: string }>;
  /** The current instant; its day (in Rome) is in bold. */
  now?: Date;
  /** The instant whose month the calendar opens on; the current month when absent. */
  openOn?: string;
}

/**
 * Monthly calendar, Monday first, with the days that have sessions in blue (ringed in forced
 * colours) and today in bold.
 * (Memoised: its page re-renders as other requests come, its grid need not.)
 */
export const Calendar = memo(function Calendar({ sessions, now = new Date(), openOn }: CalendarProps) {
  const [shown, setShown] = useState<CalendarMonth>(() => romeMonthOf((openOn && toDate(openOn)) || now));
  const highlighted = useMemo(() => sessionDays(sessions), [sessions]);
  const today = romeDayKey(now);
  const title = monthTitle(shown);
  const translate = useTranslate();

  return (
    <SideCard title={translate('app.team.calendar.title')}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton
          size="small"
          aria-label={translate('app.team.calendar.previous')}
          onClick={() => setShown(previousMonth)}
        >
          <ChevronLeft />
        </IconButton>
        <Typography component="p" sx={{ fontWeight: 600 }} aria-live="polite">
          {title}
        </Typography>
        <IconButton size="small" aria-label={translate('app.team.calendar.next')} onClick={() => setShown(nextMonth)}>
          <ChevronRight />
        </IconButton>
      </Box>
      <Box
        component="table"
        sx={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed', textAlign: 'center' }}
      >
        <caption>
          <VisuallyHidden>{title}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            {WEEKDAY_LABELS.map((label, index) => (
              <Box
                component="th"
                key={label}
                scope="col"
                abbr={translate(`app.team.calendar.weekday.${index}`)}
                sx={{ fontSize: 12, fontWeight: 500, color: 'text.secondary', py: 0.5 }}
              >
                {label}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(shown).map((week, row) => (
            <tr key={row}>
              {week.map((day, column) => {
                if (day === null) return <td key={column} />;
                const key = dayKey(shown, day);
                const isToday = key === today;
                const hasSession = highlighted.has(key);
                return (
                  <Box component="td" key={column} sx={{ p: 0.25 }}>
                    <Box
                      data-day={key}
                      data-has-session={hasSession || undefined}
                      aria-current={isToday ? 'date' : undefined}
                      sx={{
                        mx: 'auto',
                        width: 32,
                        height: 32,
                        lineHeight: '32px',
                        borderRadius: '50%',
                        fontSize: 14,
                        fontWeight: isToday ? 700 : 400,
                        bgcolor: hasSession ? 'primary.main' : 'transparent',
                        color: hasSession ? 'primary.contrastText' : 'text.primary',
                        // Forced colours drop the blue disc: a ring marks the day instead (an
                        // outline, drawn inside, takes no room; the days are not focusable).
                        [FORCED_COLORS]: hasSession
                          ? { outline: FORCED_COLORS_MARK, outlineOffset: -FORCED_COLORS_MARK_WIDTH }
                          : undefined,
                      }}
                    >
                      {day}
                      {hasSession && <VisuallyHidden>{translate('app.team.calendar.has_session')}</VisuallyHidden>}
                      {isToday && <VisuallyHidden>{translate('app.team.calendar.today')}</VisuallyHidden>}
                    </Box>
                  </Box>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
    </SideCard>
  );
});
