import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatRate, type DashboardSummary } from './api';
import { ATTENDANCE_CHART_HEIGHT, completionChartHeight } from './chartHeights';

/*
 * The dashboard's two drawings, with MUI X Charts (about 80 KiB brotli): a chunk of their own that
 * loads after the figures have rendered (ProgrammeFigures). The drawings are hidden from assistive
 * technologies: the tables beside them carry the same figures.
 */

/**
 * A drawing `height` pixels tall, as wide as its container: the frame measures that width (a
 * ResizeObserver, which also follows later resizes) and the chart renders with both sizes given.
 * A chart left to size itself renders once empty, measures its container in a layout effect and
 * renders again at once, all in one long task; here the chart's render is a transition, which React
 * splits into short slices, and it renders once. The frame keeps the height throughout (no layout
 * shift), with a placeholder until the width is known.
 */
export function ChartFrame({ height, children }: { height: number; children: (width: number) => ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const measured = Math.floor(entries[entries.length - 1].contentRect.width);
      startTransition(() => setWidth(measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Box ref={frame} sx={{ height }}>
      {width > 0 ? children(width) : <Skeleton variant="rounded" height={height} />}
    </Box>
  );
}

/** A month without any session held has no point (a gap), rather than a 0 % that reads as absence. */
export function AttendanceChart({
  months,
  seriesLabel,
}: {
  months: Array<{ label: string; rate: number | null }>;
  seriesLabel: string;
}) {
  return (
    <ChartFrame height={ATTENDANCE_CHART_HEIGHT}>
      {(width) => (
        <LineChart
          width={width}
          height={ATTENDANCE_CHART_HEIGHT}
          // Room for the last month's label at the right edge.
          margin={{ right: 32 }}
          xAxis={[{ scaleType: 'point', data: months.map((m) => m.label) }]}
          // Whole percentages on the axis (the tooltip and the table keep one decimal), in a column wide enough for "100%".
          yAxis={[
            {
              min: 0,
              max: 1,
              width: 48,
              tickNumber: 5,
              valueFormatter: (value: number) => `${Math.round(value * 100)}%`,
            },
          ]}
          // Straight segments: a smoothed curve would show rates between months that never happened.
          // A mark on every month with a rate: a month between two gaps (the programme's first) is
          // a point with no segment, which a line alone would not draw.
          series={[
            {
              data: months.map((m) => m.rate),
              curve: 'linear',
              showMark: true,
              label: seriesLabel,
              valueFormatter: (value) => formatRate(value ?? null),
            },
          ]}
          hideLegend
        />
      )}
    </ChartFrame>
  );
}

export function CompletionChart({
  teams,
  seriesLabel,
}: {
  teams: Array<Pick<DashboardSummary['completion_by_team'][number], 'team_name' | 'completion_percentage'>>;
  seriesLabel: string;
}) {
  const height = completionChartHeight(teams.length);
  return (
    <ChartFrame height={height}>
      {(width) => (
        // Horizontal bars: every team's name fits on its own line, however many teams there are.
        <BarChart
          layout="horizontal"
          width={width}
          height={height}
          margin={{ right: 24 }}
          yAxis={[{ scaleType: 'band', data: teams.map((team) => team.team_name), width: 128 }]}
          xAxis={[{ min: 0, max: 100, valueFormatter: (value: number) => `${value}%` }]}
          series={[
            {
              data: teams.map((team) => team.completion_percentage),
              label: seriesLabel,
              valueFormatter: (value) => `${value ?? 0}%`,
            },
          ]}
          hideLegend
        />
      )}
    </ChartFrame>
  );
}
