import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/index.js';
import type { AuditLogTable, Database } from '../../db/schema.js';
import { listMeta, pageParams, type ListParams } from '../../http/listing.js';
import type { ListMeta } from '../../http/schemas.js';
import { isoNow, type Clock } from '../shared.js';
import { defineRepository } from '../registry.js';
import type { AuditEntry } from './schemas.js';

export type AuditAction = AuditLogTable['action'];
export const AUDIT_ACTIONS: readonly AuditAction[] = [
  'create',
  'update',
  'delete',
  'sign_in',
  'sign_out',
  'import',
  'reset',
  'regenerate',
];

/** `{field: [before, after]}`; a created entity has null befores, a deleted one null afters. */
export type AuditChanges = Record<string, [unknown, unknown]>;

/**
 * Who makes a change: the signed-in person's id (routes pass `actorOf(request)`), or null when
 * nobody signed in does (a scheduled job, a command-line tool). Passed explicitly to every write
 * that is audited, not carried in AsyncLocalStorage: entering one makes Node run a hook on every
 * promise of every request from then on.
 */
export type ActorId = number | null;

export interface AuditRecord {
  /** Who made the change. */
  actorId: ActorId;
  action: AuditAction;
  entityType: string;
  entityId: number | null;
  changes: AuditChanges;
}

export interface AuditFilters {
  actor_id?: number;
  entity_type?: string;
  entity_id?: number;
  /** ISO 8601 instants, both included. */
  from?: string;
  to?: string;
}

/** Field names whose values never reach the audit trail, whatever the entity. */
const SECRET_FIELD = /token|secret|password|nonce|hash|oidc_subject/i;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The changed fields between two states of an entity (either may be null: created or deleted),
 * limited to `fields` when given; secrets are left out.
 */
export function changesBetween(
  before: object | null | undefined,
  after: object | null | undefined,
  fields?: readonly string[],
): AuditChanges {
  const names = fields ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const valueOf = (row: object | null | undefined, name: string) =>
    row ? ((row as Record<string, unknown>)[name] ?? null) : null;
  const changes: AuditChanges = {};
  for (const name of names) {
    if (SECRET_FIELD.test(name)) continue;
    const a = valueOf(before, name);
    const b = valueOf(after, name);
    if (!same(a, b)) changes[name] = [a, b];
  }
  return changes;
}

/**
 * Writes one audit record with the given executor: pass the transaction that makes the change,
 * so the record and the change commit or roll back together.
 */
export async function recordAudit(executor: Kysely<Database>, at: string, record: AuditRecord): Promise<void> {
  const changes: AuditChanges = {};
  for (const [field, pair] of Object.entries(record.changes)) if (!SECRET_FIELD.test(field)) changes[field] = pair;
  await executor
    .insertInto('audit_log')
    .values({
      at,
      actor_id: record.actorId,
      action: record.action,
      entity_type: record.entityType,
      entity_id: record.entityId,
      changes: JSON.stringify(changes),
    })
    .execute();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every query on the audit trail; `now` is the server clock. */
export function createAuditRepository(db: Db, now: Clock) {
  return {
    /** Records with the given executor (a transaction) at the server clock's time. */
    async record(executor: Kysely<Database>, record: AuditRecord): Promise<void> {
      await recordAudit(executor, isoNow(now), record);
    },

    /** Runs `write` and records it, in one transaction: both happen or neither. */
    async withRecord<T>(record: AuditRecord, write: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        const result = await write(trx);
        await audit(trx, now, record);
        return result;
      });
    },

    /** Newest first, one page with its Laravel-style meta. */
    async list(params: ListParams, filters: AuditFilters): Promise<{ data: AuditEntry[]; meta: ListMeta }> {
      let query = db.selectFrom('audit_log');
      if (filters.actor_id !== undefined) query = query.where('audit_log.actor_id', '=', filters.actor_id);
      if (filters.entity_type !== undefined) query = query.where('audit_log.entity_type', '=', filters.entity_type);
      if (filters.entity_id !== undefined) query = query.where('audit_log.entity_id', '=', filters.entity_id);
      if (filters.from !== undefined) query = query.where('audit_log.at', '>=', filters.from);
      if (filters.to !== undefined) query = query.where('audit_log.at', '<=', filters.to);
      const { page, perPage } = pageParams(params);
      const count = await query.select(sql<number | string>`count(*)`.as('count')).executeTakeFirst();
      const total = Number(count?.count ?? 0);
      const rows = await query
        .leftJoin('users', 'users.id', 'audit_log.actor_id')
        .select([
          'audit_log.id',
          'audit_log.at',
          'audit_log.action',
          'audit_log.entity_type',
          'audit_log.entity_id',
          'audit_log.changes',
          'audit_log.actor_name as snapshot_name',
          'audit_log.actor_email as snapshot_email',
          'users.id as actor_id',
          'users.name as actor_name',
          'users.surname as actor_surname',
          'users.email as actor_email',
        ])
        .orderBy('audit_log.at', 'desc')
        .orderBy('audit_log.id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      const data = rows.map((r) => ({
        id: r.id,
        at: r.at,
        actor:
          r.actor_id === null
            ? null
            : { id: r.actor_id, name: r.actor_name ?? '', surname: r.actor_surname ?? '', email: r.actor_email ?? '' },
        actor_snapshot:
          r.actor_id === null && r.snapshot_name !== null
            ? { name: r.snapshot_name, email: r.snapshot_email ?? '' }
            : null,
        action: r.action,
        entity_type: r.entity_type,
        entity_id: r.entity_id,
        changes: JSON.parse(r.changes) as AuditChanges,
      }));
      return { data, meta: listMeta(total, page, perPage) };
    },

    /** The entity types that have records, for the page's filter. */
    async entityTypes(): Promise<string[]> {
      const rows = await db.selectFrom('audit_log').select('entity_type').distinct().orderBy('entity_type').execute();
      return rows.map((r) => r.entity_type);
    },

    /** Deletes the records older than `days` days; returns how many went. */
    async purgeOlderThan(days: number): Promise<number> {
      const cutoff = new Date(now() - days * DAY_MS).toISOString();
      const result = await db.deleteFrom('audit_log').where('at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;

/**
 * Records a change by `record.actorId`, with the transaction that makes it. Nothing is recorded
 * when an update changed nothing.
 */
export async function audit(executor: Kysely<Database>, now: Clock, record: AuditRecord): Promise<void> {
  if (record.action === 'update' && Object.keys(record.changes).length === 0) return;
  await recordAudit(executor, isoNow(now), record);
}

/** `[before, after]` of a set of ids (team members, session experts…), sorted; null when equal. */
export function idsChange(before: number[], after: number[]): [number[], number[]] | null {
  const a = [...new Set(before)].sort((x, y) => x - y);
  const b = [...new Set(after)].sort((x, y) => x - y);
  return JSON.stringify(a) === JSON.stringify(b) ? null : [a, b];
}

declare module '../registry.js' {
  interface Repositories {
    audit: AuditRepository;
  }
}
export const repository = defineRepository('audit', createAuditRepository);
