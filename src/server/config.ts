import path from 'node:path';

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
  /** Trust X-Forwarded-For (only behind a proxy you run): otherwise a client could dodge per-IP login limits. */
  trustProxy: boolean;
  /** List totals are exact up to this many matching rows; past it they are capped or estimated. */
  listExactCountLimit: number;
  /** List pages starting past this offset seek by the sort key instead of scanning the skipped rows. */
  listKeysetOffset: number;
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
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    listExactCountLimit: intFrom(env.LIST_EXACT_COUNT_LIMIT, 10_000),
    listKeysetOffset: intFrom(env.LIST_KEYSET_OFFSET, 1_000),
  };
}
