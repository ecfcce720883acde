import { Type, type Static } from 'typebox';
import { Data, Page } from '../../http/schemas.js';

/** One accessibility report as staff see it; `answer_by` is when the promised answer is due. */
export const AccessibilityReport = Type.Object({
  id: Type.Integer(),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  reporter_name: Type.String(),
  reporter_email: Type.String(),
  page_url: Type.Union([Type.String(), Type.Null()]),
  description: Type.String(),
  state: Type.Union([Type.Literal('new'), Type.Literal('in_progress'), Type.Literal('resolved')]),
  created_at: Type.String(),
  updated_at: Type.String(),
  answer_by: Type.String(),
});
export type AccessibilityReport = Static<typeof AccessibilityReport>;

export const AccessibilityReportResponse = Data(AccessibilityReport);
export const AccessibilityReportListResponse = Page(AccessibilityReport);

/** A report, from a signed-in user or a visitor (POST /api/accessibility-reports); the route checks each field. */
export const ReportBody = Type.Object({
  description: Type.Optional(Type.Union([Type.String({ format: 'free-text' }), Type.Null()])),
  page_url: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Who to answer, from a visitor who is not signed in (a signed-in reporter's come from their account). */
  name: Type.Optional(Type.Union([Type.String({ format: 'plain-text' }), Type.Null()])),
  email: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
/** A report's new state (PUT /api/accessibility-reports/{id}). */
export const StateBody = Type.Object({ state: Type.Optional(Type.Union([Type.String(), Type.Null()])) });
