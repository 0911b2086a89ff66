declare global {
  /** Injected by vite.config.ts at build time. */
  const __BUILD_ID__: string;
}

/** The id of the build this bundle belongs to ('dev' under the dev server and in unit tests). */
export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

export interface LatestBuild {
  id: string;
  timestamp: number;
}

/** SPEC §6: `/builds/latest.json?t=…`; the timestamp defeats every cache on the way. */
export async function fetchLatestBuild(): Promise<LatestBuild | undefined> {
  const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
  if (!response.ok) return undefined;
  const body = (await response.json()) as Partial<LatestBuild>;
  return typeof body.id === 'string' ? { id: body.id, timestamp: Number(body.timestamp) || 0 } : undefined;
}
