import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

/** An error as pg raises it: a message, and the SQLSTATE (or Node's socket code) in `code`. */
const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
/** Drizzle wraps a failed statement, the driver's error as its cause. */
const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause });

describe('database unavailable (503) or a bug (500)', () => {
  it.each([
    ['refused', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    [
      'refused on every address of a name',
      new AggregateError([pgError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
    ],
    ['not accepting connections', pgError('database "forkful" is not currently accepting connections', '55000')],
    ['too many connections', pgError('sorry, too many clients already', '53300')],
    ['starting up', pgError('the database system is starting up', '57P03')],
    ['shutting down', pgError('the database system is shutting down', '57P03')],
    ['admin shutdown', pgError('terminating connection due to administrator command', '57P01')],
    ['connection failure', pgError('server closed the connection unexpectedly', '08006')],
    ['connect timeout (pool)', pgError('timeout exceeded when trying to connect')],
    ['connect timeout (client)', pgError('Connection terminated due to connection timeout')],
    ['lost mid-query', pgError('Connection terminated unexpectedly')],
    ['lost between statements', pgError('Client has encountered a connection error and is not queryable')],
    ['host unknown', pgError('getaddrinfo ENOTFOUND db.internal', 'ENOTFOUND')],
  ])('%s is unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('duplicate key value violates unique constraint', '23505')],
    ['a missing table', pgError('relation "recipes" does not exist', '42P01')],
    ['another 55000', pgError('currval of sequence "s" is not yet defined in this session', '55000')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('%s is a bug', (_name, error) => {
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});
