import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { DOCS_PREFIX } from './docs';
import { AFTER_PAINT_LOADER_HASH } from './scripts-after-paint';

/**
 * The Content-Security-Policy the built apps run under. Everything is served by this host: scripts and
 * fonts are bundled (no CDN), so only styles need more — MUI/emotion inject `<style>` elements at runtime,
 * which a strict style-src would block. Images may be inline (data:) or object URLs of picked files (blob:).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  // …and the one inline script, by its hash: a drawn page's loader of the app after its first paint.
  scriptSrc: ["'self'", AFTER_PAINT_LOADER_HASH],
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

export function securityOptions(production: boolean): HelmetOptions {
  return {
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

/**
 * What an API answer (JSON, a CSV, an image) needs of them: it is never a page, so it may load nothing and be framed
 * nowhere. The app's policy and its browser-feature headers (a kilobyte on every call) are for pages only.
 */
export function apiSecurityOptions(production: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: production ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/**
 * The headers the kept `helmet` library sets for these options. Without nonces they are the same for every
 * answer, so they are worked out once: `@fastify/helmet` would build a new helmet (parsing every CSP
 * directive) per request, a measurable share of a small API answer's CPU time.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name] = value),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Whether a path is the API's, not a page: the API's own documentation is a page (swagger-ui). */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith(`${DOCS_PREFIX}/`) && url !== DOCS_PREFIX;
}

/** Security headers on every answer: the app's policy on pages, static files and error pages; the API's on the API. */
export function registerSecurity(app: FastifyInstance, production: boolean): void {
  const page = securityHeaders(securityOptions(production));
  const api = securityHeaders(apiSecurityOptions(production));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? api : page);
    done();
  });
}
