import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, markConnectFailure } from '../../server/src/db/errors';

/** PostgreSQL's errors as node-postgres reports them: an Error with the SQLSTATE as `code`. */
function postgresError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

describe('which PostgreSQL refusals count as the database being out of reach', () => {
  it('a database closed to connections (55000) when opening a session, not in a query', () => {
    const closed = postgresError('55000', 'database "percorso" is not currently accepting connections');
    expect(isDatabaseUnavailable(markConnectFailure(closed))).toBe(true);
    // The same code from a query is the query's own mistake.
    expect(
      isDatabaseUnavailable(postgresError('55000', 'currval of sequence "s" is not yet defined in this session')),
    ).toBe(false);
  });

  it('shutting down (57P03) and no connection slot left (53300), wherever they are met', () => {
    expect(isDatabaseUnavailable(postgresError('57P03', 'the database system is shutting down'))).toBe(true);
    expect(isDatabaseUnavailable(postgresError('53300', 'too many connections for database "percorso"'))).toBe(true);
  });

  it('not a wrong password or a missing database, even when opening a session', () => {
    expect(isDatabaseUnavailable(markConnectFailure(postgresError('28P01', 'password authentication failed')))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(markConnectFailure(postgresError('3D000', 'database "x" does not exist')))).toBe(
      false,
    );
  });
});
