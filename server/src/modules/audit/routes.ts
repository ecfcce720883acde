import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { TZDate } from '@date-fns/tz';
import { FieldErrorBag } from '../../http/errors.js';
import { filterValue } from '../../http/listing.js';
import type { AuditFilters } from './repository.js';
import { ListQuery, Page, responses } from '../../http/schemas.js';
import { AuditEntryResource } from './schemas.js';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` is a Rome calendar day (its start for `from`, its end for `to`); otherwise an ISO instant. */
function instant(value: string, edge: 'start' | 'end'): string | null {
  if (DAY_ONLY.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    const day = new TZDate(y, m - 1, d, 0, 0, 0, 0, 'Europe/Rome');
    if (day.getDate() !== d || day.getMonth() !== m - 1) return null;
    const ms = edge === 'start' ? day.getTime() : new TZDate(y, m - 1, d + 1, 0, 0, 0, 0, 'Europe/Rome').getTime() - 1;
    return new Date(ms).toISOString();
  }
  const ms = Date.parse(value);
  return /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(ms) ? new Date(ms).toISOString() : null;
}

/** The audit trail ("Registro attività"): read_audit only. */
export default async function auditRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { audit } = app.repos;

  app.get(
    '/audit-log',
    {
      config: { permission: 'read_audit' },
      schema: {
        description:
          'Newest first, `page`, `per_page`, `filter[actor_id]`, `filter[entity_type]`, `filter[entity_id]`, `filter[from]`, `filter[to]` (a `YYYY-MM-DD` day is a Rome calendar day; otherwise an ISO instant); invalid filters 422.',
        querystring: ListQuery,
        response: responses({ 200: Page(AuditEntryResource) }),
      },
    },
    async (request) => {
      const query = request.query;
      const bag = new FieldErrorBag();
      const filters: AuditFilters = {};
      const id = (key: 'actor_id' | 'entity_id', message: string) => {
        const raw = filterValue(query, key);
        if (raw === undefined) return;
        if (/^\d{1,10}$/.test(raw) && Number(raw) <= 2147483647) filters[key] = Number(raw);
        else bag.add(`filter.${key}`, message);
      };
      id('actor_id', 'La persona indicata non è valida.');
      id('entity_id', "L'identificativo indicato deve essere un numero intero positivo.");
      const type = filterValue(query, 'entity_type');
      if (type !== undefined) filters.entity_type = type;
      for (const [key, edge] of [
        ['from', 'start'],
        ['to', 'end'],
      ] as const) {
        const raw = filterValue(query, key);
        if (raw === undefined) continue;
        const at = instant(raw, edge);
        if (at) filters[key] = at;
        else
          bag.add(
            `filter.${key}`,
            key === 'from' ? 'La data di inizio non è valida.' : 'La data di fine non è valida.',
          );
      }
      if (filters.from && filters.to && filters.from > filters.to)
        bag.add('filter.to', 'La data di fine non può precedere la data di inizio.');
      bag.throwIfAny();
      return audit.list(query, filters);
    },
  );
}
