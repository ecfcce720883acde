/** The dashboard charts' heights, shared by the drawings and the placeholders that stand in for them. */
export const ATTENDANCE_CHART_HEIGHT = 240;

/** The completion chart: a line per team. */
export const completionChartHeight = (teams: number) => 48 + teams * 28;
