import { Type, type Static } from 'typebox';

/**
 * One row of a session's participants list; times are UTC in SQL format `YYYY-MM-DD HH:MM:SS`,
 * `source` says where the row came from (`google`, `csv`, `seed`).
 */
export const AttendanceRow = Type.Object({
  id: Type.Integer(),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  joined_at: Type.Union([Type.String(), Type.Null()]),
  left_at: Type.Union([Type.String(), Type.Null()]),
  source: Type.String(),
});
export type AttendanceRow = Static<typeof AttendanceRow>;

/** Where the automatic import of the session's attendances stands; null before the first attempt. */
export const AttendanceImportState = Type.Object({
  status: Type.Union([Type.Literal('pending'), Type.Literal('done'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  last_error: Type.Union([Type.String(), Type.Null()]),
  next_attempt_at: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.String(),
});
export type AttendanceImportState = Static<typeof AttendanceImportState>;

/** GET /api/sessions/{id}/attendances. */
export const AttendanceListResponse = Type.Object({
  data: Type.Array(AttendanceRow),
  import: Type.Union([AttendanceImportState, Type.Null()]),
});
export type AttendanceListResponse = Static<typeof AttendanceListResponse>;

/** GET /api/sessions/{id}/attendances/excel: the attendances_logs.xlsx file itself. */
export const AttendanceWorkbook = Type.Unsafe<Buffer>(
  Type.String({ format: 'binary', description: 'attendances_logs.xlsx' }),
);
