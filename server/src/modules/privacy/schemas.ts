import { Type, type Static } from 'typebox';
import { Data, Page } from '../../http/schemas.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** A person's own erasure request, as "I miei dati" shows it. */
export const OwnErasureRequest = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('done')]),
  requested_at: Type.String({ description: 'ISO 8601 UTC' }),
});
export type OwnErasureRequest = Static<typeof OwnErasureRequest>;
export const OwnErasureRequestResponse = Data(Type.Union([OwnErasureRequest, Type.Null()]));

/** An erasure request as staff see it: who asked (while the account exists) and who carried it out. */
export const ErasureRequestResource = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('done')]),
  requested_at: Type.String({ description: 'ISO 8601 UTC' }),
  completed_at: Nullable(Type.String()),
  /** Null once the account is deleted. */
  user: Type.Union([
    Type.Object({ id: Type.Integer(), name: Type.String(), surname: Type.String(), email: Type.String() }),
    Type.Null(),
  ]),
  completed_by: Type.Union([
    Type.Object({ id: Type.Integer(), name: Type.String(), surname: Type.String() }),
    Type.Null(),
  ]),
});
export type ErasureRequestResource = Static<typeof ErasureRequestResource>;
export const ErasureRequestResponse = Data(ErasureRequestResource);
export const ErasureRequestListResponse = Page(ErasureRequestResource);
