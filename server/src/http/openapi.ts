import type { FastifySchema, RouteOptions } from 'fastify';
import { PERMISSIONS, type PermissionName } from '../access/permissions.js';
import { RELATIONS, type RelationName } from '../access/relations.js';
import { ErrorBody } from './schemas.js';
import { API_INTRODUCTION, MODULE_DESCRIPTIONS, OUTSIDE_API_DESCRIPTIONS } from './openapi-text.js';

/**
 * The API reference, built from the routes themselves (@fastify/swagger reads every route's
 * schemas): this file adds what the schemas do not say, each route's access rule (from the same
 * route options plugins/auth.ts enforces), its module as a tag, and the error answers every route
 * shares, declared once under `components`.
 */

/** The `x-permission` of a route: who may call it at all. */
export type PermissionMarker = 'public' | 'signed-in' | PermissionName | PermissionName[];

/** A route's access rule as the reference shows it. */
export interface RouteAccess {
  permission: PermissionMarker;
  relation?: RelationName;
}

/** Where the reference's documentation UI is served; it lists no route of its own. */
export const DOCS_PREFIX = '/api/docs';

/**
 * The routes of the reference: the API, the health probes and the uploaded images its answers
 * link to. Not in it: the pages (the SPA and its files), the development identity provider
 * (/idp, only when no OIDC_ISSUER is set) and the documentation UI itself.
 */
export function isInReference(url: string): boolean {
  if (url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`)) return false;
  return url.startsWith('/api/') || url === '/healthz' || url === '/readyz' || url.startsWith('/storage/');
}

/** The access rule a route declares in its options (`config`), or undefined when it declares none. */
export function routeAccess(config: RouteOptions['config'] | undefined): RouteAccess | undefined {
  if (!config) return undefined;
  const relation = config.relation;
  let permission: PermissionMarker | undefined;
  if (config.permission !== undefined) {
    const names = [config.permission].flat();
    permission = names.length === 1 ? names[0] : [...names];
  } else if (config.public) permission = 'public';
  else if (config.signedIn || relation) permission = 'signed-in';
  if (!permission) return undefined;
  return relation ? { permission, relation } : { permission };
}

/** The access rule in words, at the top of the route's description. */
export function describeAccess(access: RouteAccess | undefined, optionalAuth = false): string {
  if (!access) return 'Access: **not declared**.';
  const lines: string[] = [];
  const { permission, relation } = access;
  if (permission === 'public') {
    lines.push(
      optionalAuth
        ? 'Access: **public**; a token sent along must be valid (401 otherwise) and identifies the caller.'
        : 'Access: **public** (no token).',
    );
  } else if (permission === 'signed-in') {
    lines.push(
      relation ? 'Access: a valid token, and the relation below.' : 'Access: any valid token (the caller only).',
    );
  } else {
    const names = [permission].flat();
    const listed = names.map((name) => `\`${name}\` (${PERMISSIONS[name]})`).join(' or ');
    lines.push(`Access: the permission ${listed}; "developer" passes every permission check.`);
  }
  if (relation) lines.push(`Relation \`${relation}\`: ${RELATIONS[relation]}`);
  return lines.join('\n\n');
}

interface TransformInput {
  schema: FastifySchema | undefined;
  url: string;
  route: RouteOptions;
}

/** @fastify/swagger's per-route transform: hides what is not in the reference, adds the access rule. */
export function transformRoute({ schema, url, route }: TransformInput): {
  schema: Record<string, unknown>;
  url: string;
} {
  const base = { ...(schema as Record<string, unknown> | undefined) };
  if (!isInReference(url)) return { schema: { ...base, hide: true }, url };
  // A wildcard's parameter (`*`) reads as `{file}`, the name of what it stands for.
  if (url.endsWith('/*')) {
    const params = base.params as { properties?: Record<string, unknown> } | undefined;
    base.params = {
      type: 'object',
      properties: { file: params?.properties?.['*'] ?? { type: 'string' } },
      required: ['file'],
    };
    url = `${url.slice(0, -1)}{file}`;
  }
  const access = routeAccess(route.config);
  const own = typeof base.description === 'string' ? `\n\n${base.description}` : '';
  const extensions: Record<string, unknown> = {};
  if (access) {
    extensions['x-permission'] = access.permission;
    if (access.relation) extensions['x-relation'] = access.relation;
  }
  return {
    url,
    schema: {
      ...base,
      ...extensions,
      tags: (base.tags as string[] | undefined) ?? [url.startsWith('/storage/') ? 'storage' : 'health'],
      description: describeAccess(access, route.config?.optionalAuth === true) + own,
      security: access?.permission === 'public' ? [] : [{ bearer: [] }],
    },
  };
}

const ERROR_RESPONSES = {
  Error: {
    description: 'Error: `message` is the Italian text to show (a refused sign-in also says why in `reason`).',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  },
  ValidationFailed: {
    description:
      'The request is not valid (path, query or body): `errors` maps each invalid field to its Italian messages; `message` is the first of them.',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationError' } } },
  },
  Unauthorized: {
    description: 'No valid bearer token ("Autenticazione richiesta.").',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  },
  Forbidden: {
    description: 'The caller lacks the permission or the relation the route checks.',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  },
} as const;

/** A TypeBox schema as plain JSON Schema: no symbols, and a record's any-key pattern as additionalProperties. */
function plainSchema(schema: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema), (_key, value: unknown) => {
    if (!value || typeof value !== 'object' || !('patternProperties' in value)) return value;
    const { patternProperties, ...rest } = value as { patternProperties: Record<string, unknown> };
    const [only, ...others] = Object.entries(patternProperties);
    return only && !others.length && only[0] === '^.*$' ? { ...rest, additionalProperties: only[1] } : value;
  }) as Record<string, unknown>;
}

/** The shared error body as plain JSON Schema. */
function errorSchemas() {
  const error = plainSchema(ErrorBody);
  const validation = {
    ...error,
    description: 'The body of every 422.',
    required: ['message', 'errors'],
    examples: [
      {
        message: 'Il campo nome è obbligatorio.',
        errors: { name: ['Il campo nome è obbligatorio.'] },
      },
    ],
  };
  return {
    Error: { ...error, description: 'The body of every error answer, 4xx and 5xx.' },
    ValidationError: validation,
  };
}

type Operation = Record<string, unknown> & {
  responses?: Record<string, unknown>;
  parameters?: unknown[];
  requestBody?: unknown;
  'x-permission'?: PermissionMarker;
  'x-relation'?: RelationName;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** The operations of a document, with their path and method. */
export function operationsOf(document: { paths?: Record<string, Record<string, unknown>> }) {
  const found: Array<{ path: string; method: string; operation: Operation }> = [];
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const method of METHODS) if (item[method]) found.push({ path, method, operation: item[method] as Operation });
  return found;
}

/**
 * @fastify/swagger's whole-document transform: the error answers every route shares become
 * references to one declaration each (the 4xx/5xx body, the 422 with its fields, 401, 403), and
 * the tags get their descriptions.
 */
export function transformDocument({ openapiObject }: { openapiObject: Record<string, unknown> }) {
  const document = openapiObject as Record<string, unknown> & {
    components?: Record<string, Record<string, unknown>>;
    paths?: Record<string, Record<string, unknown>>;
  };
  const components = (document.components ??= {});
  components.schemas = { ...components.schemas, ...errorSchemas() };
  components.responses = { ...components.responses, ...ERROR_RESPONSES };
  const ref = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });
  const usedTags = new Set<string>();
  for (const { path, operation } of operationsOf(document)) {
    const responses = (operation.responses ??= {});
    const isPublic = operation['x-permission'] === 'public';
    const checksMore = !isPublic && (operation['x-permission'] !== 'signed-in' || operation['x-relation']);
    const added: Record<string, unknown> = {};
    // Wherever the API validates a path, a query or a body (its errors are Fastify's elsewhere).
    if (path.startsWith('/api/') && (operation.parameters?.length || operation.requestBody))
      added['422'] = ref('ValidationFailed');
    if (!isPublic) added['401'] = ref('Unauthorized');
    if (checksMore) added['403'] = ref('Forbidden');
    // Every error status a route declares answers the one error body (ErrorBody in http/schemas.ts).
    for (const status of Object.keys(responses)) if (/^[45]/.test(status)) responses[status] = ref('Error');
    Object.assign(responses, added);
    for (const tag of (operation.tags as string[] | undefined) ?? []) usedTags.add(tag);
  }
  // The relations the routes name, with their rule, for readers of the whole document.
  const relations = new Set(operationsOf(document).flatMap(({ operation }) => operation['x-relation'] ?? []));
  document['x-relations'] = Object.fromEntries([...relations].sort().map((name) => [name, RELATIONS[name]]));
  const descriptions: Record<string, string> = { ...MODULE_DESCRIPTIONS, ...OUTSIDE_API_DESCRIPTIONS };
  document.tags = [...usedTags]
    .sort()
    .map((name) => ({ name, ...(descriptions[name] ? { description: descriptions[name] } : {}) }));
  return document;
}

/** The document's fixed part; the paths come from the routes. */
export function documentBase(version: string) {
  return {
    openapi: '3.1.0',
    info: { title: 'Percorso API', version, description: API_INTRODUCTION },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  } as const;
}
