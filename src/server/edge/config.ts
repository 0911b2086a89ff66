import path from 'node:path';
import { DEFAULT_LIMITS, type DatabaseLimits } from '../db/limits';
import { mailConfig, type MailConfig } from '../mail/config';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from '../events/streams';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  nodeEnv: string;
  production: boolean;
  /** Connections in the node-postgres pool (PostgreSQL only; PGlite has one). */
  pgPoolSize: number;
  /** Where the built client lives. */
  distDir: string;
  /** How long the home waits for the answers it goes out primed with (primed-answers.ts) before it goes out plain. */
  primeBudgetMs: number;
  /** Trust X-Forwarded-For (only behind a proxy you run): otherwise a client could dodge per-IP login limits. */
  trustProxy: boolean;
  /** List totals are exact up to this many matching rows; past it they are capped or estimated. */
  listExactCountLimit: number;
  /** List pages starting past this offset seek by the sort key instead of scanning the skipped rows. */
  listKeysetOffset: number;
  /** Bounded waits on PostgreSQL (SPEC §10; see db/limits.ts). */
  limits: DatabaseLimits;
  /** After SIGTERM, how long the server keeps serving while `/api/health` already says it is leaving. */
  shutdownDelayMs: number;
  /** Mail of the outbox (SPEC §8; see mail/worker.ts). */
  mail: MailConfig;
  /** Per-session limits of the live event streams (events/streams.ts). */
  events: Pick<StreamLimits, 'perSession' | 'opensPerWindow'>;
  /** How often each instance looks for transitions whose timer has run out (`auto`; see timers.ts). */
  timerPollMs: number;
  /** Calls one OCTO reseller may make in any minute, on every instance together (SPEC §19): `OCTO_RATE_LIMIT_PER_MINUTE`, default 600. */
  octoPerMinute: number;
  /** Addresses in one sitemap file (the sitemaps protocol's 50,000): past it `/sitemap.xml` is an index (seo.ts). */
  sitemapUrlLimit: number;
}

/** A count of milliseconds where 0 is meaningful (e.g. no drain delay). */
function msFrom(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}

function intFrom(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  return {
    port: intFrom(env.PORT, 3000),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    nodeEnv,
    production: nodeEnv === 'production',
    pgPoolSize: intFrom(env.PG_POOL_SIZE, 16),
    distDir: path.resolve(env.DIST_DIR || './dist'),
    primeBudgetMs: msFrom(env.PRIME_BUDGET_MS, 400),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    listExactCountLimit: intFrom(env.LIST_EXACT_COUNT_LIMIT, 10_000),
    listKeysetOffset: intFrom(env.LIST_KEYSET_OFFSET, 1_000),
    limits: {
      lockTimeoutMs: intFrom(env.PG_LOCK_TIMEOUT_MS, DEFAULT_LIMITS.lockTimeoutMs),
      statementTimeoutMs: intFrom(env.PG_STATEMENT_TIMEOUT_MS, DEFAULT_LIMITS.statementTimeoutMs),
      idleInTransactionTimeoutMs: intFrom(
        env.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
        DEFAULT_LIMITS.idleInTransactionTimeoutMs,
      ),
      checkoutTimeoutMs: intFrom(env.PG_POOL_CHECKOUT_TIMEOUT_MS, DEFAULT_LIMITS.checkoutTimeoutMs),
    },
    shutdownDelayMs: msFrom(env.SHUTDOWN_DELAY_MS, 3_000),
    mail: mailConfig(env, `http://${env.HOST || '127.0.0.1'}:${intFrom(env.PORT, 3000)}`),
    timerPollMs: intFrom(env.TIMER_POLL_MS, 10_000),
    octoPerMinute: intFrom(env.OCTO_RATE_LIMIT_PER_MINUTE, 600),
    // The sitemaps protocol's most addresses in one file.
    sitemapUrlLimit: 50_000,
    events: {
      perSession: intFrom(env.EVENT_STREAMS_PER_SESSION, DEFAULT_STREAM_LIMITS.perSession),
      opensPerWindow: intFrom(env.EVENT_STREAM_OPENS_PER_10S, DEFAULT_STREAM_LIMITS.opensPerWindow),
    },
  };
}
