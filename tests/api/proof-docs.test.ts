import { describe, expect, it } from 'vitest';
import resources from '../../resources/index';
import { CONTENT_SECURITY_POLICY } from '../../src/server/edge/security';
import { suiteServer } from './harness';

const server = suiteServer({ engine: 'pglite', seed: 'none' });

const get = (url: string) => fetch(`${server.baseUrl}${url}`);

describe('API documentation at /api/docs', () => {
  it('serves the reference page under the app’s CSP, with every file from this host', async () => {
    const page = await get('/api/docs/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain(`script-src ${CONTENT_SECURITY_POLICY.scriptSrc[0]}`);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const response = await get(new URL(asset, `${server.baseUrl}/api/docs/`).pathname);
      expect(response.status, asset).toBe(200);
    }
    // No inline script: the CSP allows only this host's files.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const initializer = await (await get('/api/docs/static/swagger-initializer.js')).text();
    expect(initializer).toContain('validatorUrl: null');
  });

  it('shows the same document as /api/openapi.json', async () => {
    const shown = await (await get('/api/docs/json')).json();
    const served = await (await get('/api/openapi.json')).json();
    expect(shown).toEqual(served);
  });

  it('documents every resource, every transition and the error answers', async () => {
    const doc = await (await get('/api/openapi.json')).json();
    for (const resource of resources) {
      const tag = doc.tags.find((t: { name: string }) => t.name === resource.name);
      expect(tag, resource.name).toBeTruthy();
      const list = doc.paths[`/api/${resource.name}`].get;
      expect(Object.keys(list.responses), resource.name).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
      for (const [action, transition] of Object.entries(resource.workflow?.transitions ?? {})) {
        const operation = doc.paths[`/api/${resource.name}/{id}/actions/${action}`]?.post;
        expect(operation, `${resource.name}.${action}`).toBeTruthy();
        expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404', '409']));
        expect(operation.summary).toContain(transition.to ?? 'unchanged');
        expect(tag.description).toContain(action);
      }
    }
    expect(doc.components.schemas.Error.required).toEqual(['message']);
  });
});
