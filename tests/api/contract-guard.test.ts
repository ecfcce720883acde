import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { responses } from '../../server/src/http/schemas.js';
import { contractMismatches, guardResponseSchemas } from './contract-guard.js';

/**
 * The guard every API test app carries: an answer that its response schema changed (a dropped
 * property, a coerced value) is reported; an answer the schema describes exactly is not.
 */
async function appWith(schema: ReturnType<typeof responses>, payload: unknown) {
  const app = Fastify();
  app.addHook('onRoute', guardResponseSchemas);
  app.get('/api/thing', { schema: { response: schema } }, async () => payload);
  await app.ready();
  return app;
}

const Thing = Type.Object({ data: Type.Object({ id: Type.Integer(), name: Type.String() }) });

describe('the response-schema guard', () => {
  afterEach(() => {
    contractMismatches.length = 0;
  });

  it('reports a property the schema does not declare (Fastify would drop it)', async () => {
    const app = await appWith(responses({ 200: Thing }), { data: { id: 1, name: 'a', extra: true } });
    const res = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(res.json()).toEqual({ data: { id: 1, name: 'a' } });
    expect(contractMismatches).toHaveLength(1);
    expect(contractMismatches[0]).toContain('GET /api/thing → 200');
  });

  it('reports a value the schema coerces', async () => {
    const app = await appWith(responses({ 200: Thing }), { data: { id: '7', name: 'a' } });
    await app.inject({ method: 'GET', url: '/api/thing' });
    expect(contractMismatches).toHaveLength(1);
  });

  it('accepts an answer the schema describes exactly, and the shared error body', async () => {
    const ok = await appWith(responses({ 200: Thing }), { data: { id: 1, name: 'a' } });
    expect((await ok.inject({ method: 'GET', url: '/api/thing' })).statusCode).toBe(200);
    const failing = Fastify();
    failing.addHook('onRoute', guardResponseSchemas);
    failing.get('/api/thing', { schema: { response: responses({ 200: Thing }) } }, async (_request, reply) =>
      reply.status(422).send({ message: 'No', errors: { name: ['No'] } }),
    );
    const res = await failing.inject({ method: 'GET', url: '/api/thing' });
    expect(res.json()).toEqual({ message: 'No', errors: { name: ['No'] } });
    expect(contractMismatches).toEqual([]);
  });
});
