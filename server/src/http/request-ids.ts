import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';

/** Whether the peer at `address` (`hop` 0: the one connected to us) is a proxy we trust. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** The header a request's id comes in (from a trusted proxy) and goes back out in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a proxy may give us: what proxies and load balancers make (a UUID, nginx's `$request_id`
 * in hex, AWS's `Root=1-…`), at most 128 characters with no space or control character, so that
 * it cannot break a log line or a header.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._:;=+/@-]{1,128}$/;

interface ProxyAddr {
  compile(addresses: string[]): TrustProxy;
}

/**
 * TRUST_PROXY as the function Fastify and the request ids both use: `true`, `false`, or a
 * comma-separated list of addresses, ranges and names (`loopback`, `uniquelocal`…). The list is
 * compiled by the very module Fastify compiles it with (its dependency @fastify/proxy-addr, loaded
 * from where Fastify loads it), so the client address Fastify reports and the trust in a proxy's
 * request id never disagree.
 */
export function trustFunction(setting: boolean | string): TrustProxy {
  if (typeof setting === 'boolean') return () => setting;
  const fastify = createRequire(import.meta.url).resolve('fastify');
  const proxyAddr = createRequire(fastify)('@fastify/proxy-addr') as ProxyAddr;
  return proxyAddr.compile(setting.split(',').map((value) => value.trim()));
}

/**
 * Fastify's genReqId: the id a trusted proxy sent in X-Request-Id (so that its log and ours name
 * the same request), else a new random one. An id from anyone else is ignored: a client could
 * otherwise make its requests look like another's in the log.
 */
export function requestIdGenerator(trust: TrustProxy): (request: IncomingMessage) => string {
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && ACCEPTED_ID.test(given)) {
      const peer = request.socket?.remoteAddress;
      if (peer !== undefined && trust(peer, 0)) return given;
    }
    return randomUUID();
  };
}
