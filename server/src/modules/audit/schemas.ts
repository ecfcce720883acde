import { Type, type Static } from 'typebox';

const AuditActor = Type.Union([
  Type.Object({ id: Type.Integer(), name: Type.String(), surname: Type.String(), email: Type.String() }),
  Type.Null(),
]);

/** One change of the audit trail (GET /api/audit-log). */
export const AuditEntryResource = Type.Object({
  id: Type.Integer(),
  at: Type.String({ description: 'ISO 8601 UTC' }),
  actor: AuditActor,
  /** Who a deleted staff member was, kept on their own records when their account went; else null. */
  actor_snapshot: Type.Union([Type.Object({ name: Type.String(), email: Type.String() }), Type.Null()]),
  action: Type.Union([
    Type.Literal('create'),
    Type.Literal('update'),
    Type.Literal('delete'),
    Type.Literal('sign_in'),
    Type.Literal('sign_out'),
    Type.Literal('import'),
    Type.Literal('reset'),
    Type.Literal('regenerate'),
  ]),
  entity_type: Type.String(),
  entity_id: Type.Union([Type.Integer(), Type.Null()]),
  /** `{field: [before, after]}`. */
  changes: Type.Record(Type.String(), Type.Array(Type.Unknown(), { minItems: 2, maxItems: 2 })),
});
export type AuditEntry = Static<typeof AuditEntryResource>;
