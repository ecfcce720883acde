import fp from 'fastify-plugin';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { FieldErrorBag, orNotFound, type RecordKind } from './errors.js';
import { schemaErrorsToFields, type AjvIssue } from '../plugins/errors.js';

/**
 * Business rules on a request body: the checks a schema cannot express (a team that must exist,
 * an end after the start, an email not taken). They run even when the body failed its schema,
 * on the fields that passed it, so that one 422 lists every invalid field at once.
 *
 *   preHandler: checkBody<SessionCreateBody>(async (body, errors) => {
 *     const teamId = body.get('team_id');
 *     if (teamId && !(await teams.exists(teamId))) errors.add('team_id', 'Il team selezionato non esiste.');
 *   }),
 *
 * A route with such a hook takes its body's schema failures as input instead of answering them
 * at once (Fastify's attachValidation); failures of the path or query still answer as usual.
 * Permission checks run before it (plugins/auth.ts moves them to preValidation); a relation
 * check the rules depend on belongs at the start of the rules.
 */
export type BodyRules<T> = (
  body: CheckedBody<T>,
  errors: FieldErrorBag,
  request: FastifyRequest,
) => Promise<void> | void;

/** The body's fields as the rules may read them: a field that failed its schema reads as undefined. */
export class CheckedBody<T> {
  constructor(
    private readonly body: Record<string, unknown>,
    private readonly errors: FieldErrorBag,
  ) {}

  get<K extends keyof T & string>(field: K): T[K] | undefined {
    return this.errors.has(field) ? undefined : (this.body[field] as T[K] | undefined);
  }
}

const BODY_RULES = Symbol('bodyRules');

interface SchemaFailure extends Error {
  validation?: AjvIssue[];
  validationContext?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function checkBody<T>(rules: BodyRules<T>): preHandlerAsyncHookHandler {
  const hook: preHandlerAsyncHookHandler = async (request) => {
    const failure = request.validationError as SchemaFailure | undefined;
    if (failure && failure.validationContext !== 'body') throw failure;
    const errors = new FieldErrorBag(failure?.validation ? schemaErrorsToFields(failure.validation) : {});
    await rules(new CheckedBody<T>(isRecord(request.body) ? request.body : {}, errors), errors, request);
    errors.throwIfAny();
    // Nothing failed: whatever the schema said is in `errors`, so this is only reached with a valid body.
  };
  return Object.assign(hook, { [BODY_RULES]: true });
}

/**
 * Before a route's body rules: 404 when the record of `:id` does not exist, so a change to a
 * missing record is not answered with the rules' 422 ("Esiste già un ruolo con questo nome.")
 * about a record that is not there. An id that fails its own schema is left to checkBody.
 */
export function recordExists(kind: RecordKind, find: (id: number) => Promise<unknown>): preHandlerAsyncHookHandler {
  return async (request) => {
    const failure = request.validationError as SchemaFailure | undefined;
    const id = (request.params as { id?: unknown }).id;
    if ((failure && failure.validationContext === 'params') || typeof id !== 'number') return;
    orNotFound(await find(id), kind);
  };
}

/** Routes with body rules receive their schema failures instead of answering them at once. */
export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if ([route.preHandler ?? []].flat().some((hook) => BODY_RULES in hook)) route.attachValidation = true;
    });
  },
  { name: 'body-rules' },
);
