/**
 * Race safety on one server, on PGlite and on PostgreSQL: parallel approvals, orders on a small
 * departure, withdrawals against one balance and refunds on one order, with exact counts and final sums.
 */
import { beforeAll, it } from 'vitest';
import { describeEachEngine, suiteServer } from './harness';
import {
  bookAndPayRush,
  parallelApprovals,
  parallelOrders,
  parallelRefunds,
  parallelWithdrawals,
  type Cluster,
} from './concurrency-scenarios';
import { signInAll, roomyHolds } from './workflows-helpers';

describeEachEngine('concurrency on one server', (engine) => {
  const server = suiteServer({ engine, seed: 'small', setup: roomyHolds });
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = { main: server, servers: [server], sessions: await signInAll(server) };
  });

  it('20 parallel approvals of one request: exactly one 200 and nineteen 409', () => parallelApprovals(cluster));
  it('30 parallel orders on a five-seat departure: exactly five placed, seatsBooked = 5', () =>
    parallelOrders(cluster));
  it('booking, paying and cancelling at once on one departure: no 5xx, seats and charges add up', () =>
    bookAndPayRush(cluster));
  it('parallel withdrawals never overdraw the balance', () => parallelWithdrawals(cluster));
  it('parallel refunds never exceed what was paid', () => parallelRefunds(cluster));
});
