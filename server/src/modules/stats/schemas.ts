import { Type, type Static } from 'typebox';
import { Data } from '../../http/schemas.js';

/** The back-office dashboard's counts (GET /api/stats). */
export const AdminStats = Type.Object({
  users: Type.Integer(),
  teams: Type.Integer(),
  sessions: Type.Integer(),
  experts: Type.Integer(),
});
export type AdminStats = Static<typeof AdminStats>;

export const AdminStatsResponse = Data(AdminStats);
