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
  };
}
