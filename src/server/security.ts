import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy the built apps run under. Everything is served by this host: scripts and
 * fonts are bundled (no CDN), so only styles need more — MUI/emotion inject `<style>` elements at runtime,
 * which a strict style-src would block. Images may be inline (data:) or object URLs of picked files (blob:).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Vite inlines small font subsets as data: URIs; fonts cannot run code.
  fontSrc: ["'self'", 'data:'],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
} as const;

export function securityHeaders(production: boolean): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        // Only where the site is served over HTTPS; on plain-HTTP development hosts it would break every request.
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Cross-origin isolation headers would refuse the SPA's own data:/blob: images in some browsers for no gain here.
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over HTTPS, i.e. in production behind TLS.
    strictTransportSecurity: production ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  };
}

/** Security headers on every answer (API, static files, error pages) through the kept `@fastify/helmet` plugin. */
export async function registerSecurity(app: FastifyInstance, production: boolean): Promise<void> {
  await app.register(helmet, securityHeaders(production));
}
