import { describe, expect, it } from 'vitest';
import { enumOf, localized, text } from '../../src/core/fields';
import type { AnyResource } from '../../src/core/resource';
import { matchRoute, withLocale } from '../../src/core/routes';

// Test-only configs: the route table must follow whatever paths the configs declare.
const base = { list: { columns: ['id'], sort: ['id', 'ASC'] }, access: {} } as const;
const r = (config: unknown) => config as AnyResource;
const resources: AnyResource[] = [
  r({ ...base, name: 'members', paths: { admin: 'accounts/member', partner: null }, fields: { email: text() } }),
  r({
    ...base,
    name: 'gadgets',
    paths: { admin: 'shop/gadgets', partner: 'gadgets' },
    queues: [{ name: 'review', path: 'gadget-review', filter: { status: 'pending' } }],
    fields: { name: text() },
  }),
  r({
    ...base,
    name: 'colours',
    paths: { admin: 'master-data/colours' },
    masterData: true,
    fields: { name: localized() },
  }),
  r({
    ...base,
    name: 'shapes',
    paths: { admin: 'master-data/shapes' },
    masterData: true,
    create: false,
    fields: { name: localized() },
  }),
  r({
    ...base,
    name: 'prefs',
    paths: { admin: 'settings' },
    lookupField: 'group',
    fields: { group: enumOf(['general', 'billing']) },
  }),
];

const match = (path: string) => matchRoute(path, { resources });

describe('matchRoute', () => {
  it('serves the home page bare and under every locale', () => {
    expect(match('/')).toEqual({ kind: 'home', status: 200 });
    for (const locale of ['lo', 'en', 'vi', 'th', 'zh']) {
      expect(match(`/${locale}`)).toMatchObject({ kind: 'home', locale, status: 200 });
      expect(match(`/${locale}/`)).toMatchObject({ kind: 'home', locale, status: 200 });
    }
  });

  it('matches login, the public item page and the fixed area screens', () => {
    expect(match('/en/login')).toMatchObject({ kind: 'login', locale: 'en', status: 200 });
    for (const screen of ['signup', 'verify-email', 'password-reset']) {
      expect(match(`/zh/${screen}`)).toMatchObject({ kind: 'login', screen, locale: 'zh', status: 200 });
      expect(match(`/zh/${screen}/extra`)).toMatchObject({ kind: 'notFound', status: 404 });
    }
    expect(match('/th/item/12')).toMatchObject({ kind: 'item', id: '12', status: 200 });
    for (const screen of ['', 'dashboard', 'statistics', 'system']) {
      expect(match(`/lo/admin/${screen}`)).toMatchObject({ kind: 'admin', screen, subpath: screen, status: 200 });
    }
    for (const screen of ['', 'revenue', 'register', 'profile']) {
      expect(match(`/vi/partner/${screen}`)).toMatchObject({ kind: 'partner', screen, status: 200 });
    }
    // Where react-admin sends an account that may not open a screen: a screen of the area, not a missing page.
    for (const area of ['admin', 'partner'])
      expect(match(`/en/${area}/access-denied`)).toMatchObject({ kind: area, screen: 'access-denied', status: 200 });
  });

  it('derives resource routes and record pages from the configs', () => {
    expect(match('/en/admin/accounts/member')).toMatchObject({ resource: 'members', view: 'list', status: 200 });
    expect(match('/en/admin/accounts/member/42')).toMatchObject({ view: 'edit', id: '42', status: 200 });
    expect(match('/en/admin/accounts/member/42/show')).toMatchObject({ view: 'show', id: '42', status: 200 });
    expect(match('/en/admin/accounts/member/create')).toMatchObject({ view: 'create', status: 200 });
    expect(match('/zh/partner/gadgets/7/show')).toMatchObject({ kind: 'partner', resource: 'gadgets', status: 200 });
    expect(match('/en/admin/master-data/colours')).toMatchObject({ resource: 'colours', status: 200 });
    expect(match('/en/admin/gadget-review/3/show')).toMatchObject({ resource: 'gadgets', queue: 'review', id: '3' });
    expect(match('/en/admin/settings/billing')).toMatchObject({ resource: 'prefs', id: 'billing', status: 200 });
  });

  it('answers "Page not found" for paths that match nothing, with or without a locale', () => {
    for (const path of ['/nope', '/en/nope', '/en/admin/nope', '/en/admin/accounts/nope', '/lo/partner/x/y', '/api']) {
      expect(match(path)).toEqual(
        expect.objectContaining({ kind: 'notFound', status: 404, error: `Page not found: ${path}` }),
      );
    }
    expect(match('/en/admin/accounts/member/42/edit').error).toBe('Page not found: /en/admin/accounts/member/42/edit');
    expect(match('/de/nope').error).toBe('Page not found: /de/nope');
    // A gadget is not an admin path under the partner name.
    expect(match('/en/admin/gadgets').error).toBe('Page not found: /en/admin/gadgets');
  });

  it('answers "Page Not Found" when a route matches but its parameters fail', () => {
    for (const path of [
      '/de/partner',
      '/de',
      '/fr/admin/dashboard',
      '/en/admin/settings/not-a-group',
      '/en/admin/master-data/sizes',
      '/en/admin/master-data/sizes/3',
      '/en/admin/accounts/member/abc',
      '/en/admin/accounts/member/abc/show',
      '/en/admin/accounts/member/0',
      '/en/admin/master-data/shapes/create',
      '/en/item/abc',
      '/en/admin/gadget-review/x',
    ]) {
      expect(match(path)).toEqual(
        expect.objectContaining({ kind: 'notFound', status: 404, error: `Page Not Found: ${path}` }),
      );
    }
  });

  it('keeps the valid locale of an error path for the error page', () => {
    expect(match('/th/nope')).toMatchObject({ locale: 'th', status: 404 });
    expect(match('/de/partner').locale).toBeUndefined();
  });
});

describe('withLocale', () => {
  it('swaps or adds the locale prefix and keeps the rest of the path', () => {
    expect(withLocale('/en/admin/accounts/member/4', 'lo')).toBe('/lo/admin/accounts/member/4');
    expect(withLocale('/', 'th')).toBe('/th');
    expect(withLocale('/vi', 'zh')).toBe('/zh');
    expect(withLocale('/nope', 'en')).toBe('/en/nope');
  });
});

describe('the product route table (SPEC §2)', async () => {
  const { default: product } = await import('../../resources/index');
  const spec = (path: string) => matchRoute(path, { resources: product });

  it('serves every route of the SPEC in every locale', () => {
    const admin = [
      '',
      'dashboard',
      'complaint',
      'statistics',
      'accounts/user',
      'accounts/admin',
      'accounts/partner',
      'settings/general',
      'settings/commission',
      'settings/payments',
      'profile-review',
      'service-review',
      'services/travel',
      'master-data/tour-types',
      'master-data/provinces',
      'payments/history',
      'payments/refund-request',
      'payments/withdraw-request',
      'system',
      'accounts/user/42',
      'accounts/user/42/show',
      'accounts/user/create',
    ];
    const partner = ['', 'orders', 'profile', 'revenue', 'services', 'schedules', 'register'];
    for (const locale of ['lo', 'en', 'vi', 'th', 'zh']) {
      for (const path of admin) expect(spec(`/${locale}/admin/${path}`)).toMatchObject({ kind: 'admin', status: 200 });
      for (const path of partner)
        expect(spec(`/${locale}/partner/${path}`)).toMatchObject({ kind: 'partner', status: 200 });
    }
  });

  it('tells the two not-found messages of SPEC §3 apart', () => {
    expect(spec('/en/nope').error).toBe('Page not found: /en/nope');
    expect(spec('/nope').error).toBe('Page not found: /nope');
    expect(spec('/de/partner').error).toBe('Page Not Found: /de/partner');
    expect(spec('/en/admin/settings/not-a-group').error).toBe('Page Not Found: /en/admin/settings/not-a-group');
    expect(spec('/en/admin/master-data/not-a-list').error).toBe('Page Not Found: /en/admin/master-data/not-a-list');
    expect(spec('/en/admin/accounts/user/abc').error).toBe('Page Not Found: /en/admin/accounts/user/abc');
  });
});
