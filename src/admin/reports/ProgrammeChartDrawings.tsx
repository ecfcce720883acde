import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatRate } from './api';
import { ATTENDANCE_CHART_HEIGHT, completionChartHeight } from './chartHeights';

/*
 * The dashboard's two drawings, with MUI X Charts (about 80 KiB brotli): a chunk of their own that
 * loads after the figures have rendered (ProgrammeFigures). The drawings are hidden from assistive
 * technologies: the tables beside them carry the same figures.
 */

export function AttendanceChart({ months, seriesLabel }: { months: Array<{ label: string; rate: number }>; seriesLabel: string }) {
  return (
    <LineChart
      height={ATTENDANCE_CHART_HEIGHT}
      // Room for the last month's label at the right edge.
      margin={{ right: 32 }}
      xAxis={[{ scaleType: 'point', data: months.map((m) => m.label) }]}
      // Whole percentages on the axis (the tooltip and the table keep one decimal), in a column wide enough for "100%".
      yAxis={[{ min: 0, max: 1, width: 48, tickNumber: 5, valueFormatter: (value: number) => `${Math.round(value * 100)}%` }]}
      // Straight segments: a smoothed curve would show rates between months that never happened.
      series={[{ data: months.map((m) => m.rate), curve: 'linear', label: seriesLabel, valueFormatter: (value) => formatRate(value ?? 0) }]}
      hideLegend
    />
  );
}

export function CompletionChart({ teams, seriesLabel }: { teams: Array<{ team_name: string; completion_percentage: number }>; seriesLabel: string }) {
  return (
    // Horizontal bars: every team's name fits on its own line, however many teams there are.
    <BarChart
      layout="horizontal"
      height={completionChartHeight(teams.length)}
      margin={{ right: 24 }}
      yAxis={[{ scaleType: 'band', data: teams.map((team) => team.team_name), width: 128 }]}
      xAxis={[{ min: 0, max: 100, valueFormatter: (value: number) => `${value}%` }]}
      series={[{ data: teams.map((team) => team.completion_percentage), label: seriesLabel, valueFormatter: (value) => `${value ?? 0}%` }]}
      hideLegend
    />
  );
}
