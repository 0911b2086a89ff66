/**
 * What a database failure means to a client (SPEC §10), on both sides: the server's classification of the errors
 * node-postgres and PostgreSQL raise, and the apps' reading of the answers. The faults themselves are produced for
 * real in tests/api/faults-*.test.ts; this pins the table of codes and messages.
 */
import { describe, expect, it } from 'vitest';
import { faultOfAnswer } from '../../src/client/generated/faults';
import { causeOf, DatabaseFault, faultOf } from '../../src/server/db/faults';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database faults (server)', () => {
  it('a lock wait that ran out is busy; a statement past its limit is slow', () => {
    expect(faultOf(pgError('55P03', 'canceling statement due to lock timeout'))).toBe('busy');
    expect(faultOf(pgError('57014', 'canceling statement due to statement timeout'))).toBe('slow');
  });

  it('a server that is gone, shutting down or out of connections is unavailable', () => {
    for (const code of ['57P01', '57P03', '08006', '08001', '53300', '25P03', 'ECONNREFUSED', 'ECONNRESET'])
      expect(faultOf(pgError(code)), code).toBe('unavailable');
    for (const message of [
      'timeout exceeded when trying to connect',
      'Connection terminated unexpectedly',
      'Query read timeout',
      'Cannot use a pool after calling end on the pool',
    ])
      expect(faultOf(new Error(message)), message).toBe('unavailable');
    expect(faultOf(new AggregateError([pgError('ECONNREFUSED')], ''))).toBe('unavailable');
    expect(faultOf(new DatabaseFault('busy', 'queued too long'))).toBe('busy');
  });

  it('bad input and bugs are not faults: they keep their 4xx and their 500', () => {
    for (const error of [pgError('23505'), pgError('22P02'), pgError('42P01'), pgError('40001'), new TypeError('x')])
      expect(faultOf(error)).toBeUndefined();
  });

  it('the cause is one line: the code and the message', () => {
    expect(causeOf(pgError('57P01', 'terminating connection due to administrator command'))).toBe(
      '57P01 terminating connection due to administrator command',
    );
    expect(causeOf(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(
      'connect ECONNREFUSED 127.0.0.1:5432',
    );
  });
});

describe('database faults (apps)', () => {
  it('503 is unavailable; 409 is busy only with Retry-After (a stale version is a conflict to resolve, not retry)', () => {
    expect(faultOfAnswer(503, new Headers())).toBe('unavailable');
    expect(faultOfAnswer(409, new Headers({ 'Retry-After': '1' }))).toBe('busy');
    expect(faultOfAnswer(409, new Headers())).toBeUndefined();
    expect(faultOfAnswer(500, new Headers())).toBeUndefined();
  });
});
