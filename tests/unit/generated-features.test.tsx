import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { Admin, TestMemoryRouter, type DataProvider } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { currency, json, money, ref, status, text, integer, enumOf } from '../../src/core/fields';
import { ENGLISH_VALIDATION } from '../../src/core/messages';
import { defineResource, type AnyResource } from '../../src/core/resource';
import { RegistryProvider } from '../../src/client/generated/context';
import { menuGroups } from '../../src/core/menu';
import { buildRegistry } from '../../src/client/generated/registry';
import { generatedResources } from '../../src/client/generated/resources';
import { signedInAs } from './signed-in';

/** Test-only entities: a live "shop" and a "proposal" reviewed against it, with list totals and a mine filter. */
const shops = defineResource({
  name: 'shops',
  paths: { admin: 'lab/shop', partner: null },
  fields: { title: text({ required: true }), floors: integer() },
  recordTitle: 'title',
  list: { columns: ['title', 'floors'], sort: ['title', 'ASC'] },
  endpoints: { stock: { method: 'GET', record: true, by: ['admin'], handler: async () => ({}) } },
  access: { admin: { read: true } },
}) as unknown as AnyResource;

const proposals = defineResource({
  name: 'proposals',
  paths: { admin: 'lab/review', partner: null },
  fields: {
    shopId: ref('shops', { display: 'title', filterable: true }),
    title: text({ required: true }),
    fee: money({ sortable: true }),
    currency: currency(),
    ownerId: integer({ filterable: true }),
    status: status({ default: 'pending' }),
  },
  recordTitle: 'title',
  list: {
    columns: ['title', 'fee', 'status'],
    sort: ['title', 'ASC'],
    filters: ['status', 'ownerId'],
    statusTabs: true,
    defaultFilter: { status: 'pending' },
    totals: ['fee'],
    mine: 'ownerId',
  },
  compare: { via: 'shopId', fields: { title: 'title' } },
  aside: { via: 'shopId', endpoint: 'stock' },
  workflow: {
    states: ['pending', 'approved'],
    initial: 'pending',
    transitions: { approve: { from: 'pending', to: 'approved', by: ['admin'], bulk: true, tone: 'success' } },
  },
  access: { admin: { read: true, update: true } },
}) as unknown as AnyResource;

const configs = defineResource({
  name: 'configs',
  paths: { admin: 'lab/config', partner: null },
  lookupField: 'key',
  fields: {
    key: enumOf(['alpha', 'beta'], { required: true }),
    values: json({ shapes: { by: 'key', variants: { alpha: { a: text() }, beta: { b: text() } } } }),
  },
  list: { columns: ['key'], sort: ['key', 'ASC'] },
  access: { admin: { read: true, update: [] } },
}) as unknown as AnyResource;

const messages = {
  ...englishMessages,
  validation: ENGLISH_VALIDATION,
  app: { list: { mine: 'Mine', totals: 'Totals' }, review: { proposed: 'Proposed', live: 'Live' } },
  resources: {
    proposals: {
      name: 'Proposal |||| Proposals',
      fields: { title: 'Title', fee: 'Fee', status: 'Status' },
      actions: { approve: 'Approve it' },
    },
  },
};

function memoryApi() {
  const rows = [
    { id: 1, shopId: 10, title: 'New name', fee: 500, currency: 'LAK', ownerId: 7, status: 'pending', version: 1 },
    { id: 2, shopId: 10, title: 'Other', fee: 700, currency: 'LAK', ownerId: 8, status: 'approved', version: 1 },
  ];
  const calls: { method: string; resource?: string; params: any }[] = [];
  const dataProvider = {
    getList: async (resource: string, params: any) => {
      calls.push({ method: 'getList', resource, params });
      const data = rows.filter((row) =>
        Object.entries(params.filter ?? {}).every(([key, value]) => (row as any)[key] === value),
      );
      return { data, total: data.length };
    },
    getOne: async (resource: string, params: any) => {
      calls.push({ method: 'getOne', resource, params });
      if (resource === 'lab/shop') return { data: { id: 10, title: 'Old name', floors: 2 } };
      return { data: rows.find((row) => String(row.id) === String(params.id))! };
    },
    getMany: async () => ({ data: [{ id: 10, title: 'Old name' }] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    getActions: async () => ({ actions: ['approve'], signatures: {} }),
    runAction: async (resource: string, id: number, action: string) => {
      calls.push({ method: 'runAction', resource, params: { id, action } });
      return { ...rows.find((row) => row.id === id), status: 'approved' };
    },
    getJson: async (path: string) => {
      calls.push({ method: 'getJson', params: path });
      if (path.startsWith('/proposals/-/totals'))
        return { rows: [{ currency: 'LAK', count: 1, sums: { fee: 123400 } }] };
      if (path.startsWith('/proposals/-/counts'))
        return {
          counts: [
            { value: 'pending', total: 41, kind: 'exact' },
            { value: 'approved', total: 1, kind: 'exact' },
          ],
        };
      if (path === '/shops/10/stock') return { shopId: 10, onHand: 42 };
      throw new Error(`unexpected ${path}`);
    },
  } as unknown as DataProvider;
  return { dataProvider, calls };
}

const me = {
  id: 7,
  email: 'admin@example.com',
  fullName: 'Ada Admin',
  kind: 'admin',
  role: 'super_admin',
  permissions: { proposals: ['list', 'show', 'update'], shops: ['list', 'show'] },
};
const authProvider = signedInAs(me);

function renderAt(path: string, configs: AnyResource[] = [shops, proposals]) {
  const api = memoryApi();
  const registry = buildRegistry(configs, 'admin');
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <RegistryProvider registry={registry}>
        <Admin
          dataProvider={api.dataProvider}
          authProvider={authProvider}
          i18nProvider={polyglotI18nProvider(() => messages as never, 'en', [], { allowMissing: true })}
        >
          {generatedResources(registry)}
        </Admin>
      </RegistryProvider>
    </TestMemoryRouter>,
  );
  return api;
}

afterEach(cleanup);

beforeAll(async () => {
  await Promise.all([
    import('../../src/client/generated/GeneratedList'),
    import('../../src/client/generated/GeneratedShow'),
  ]);
});

describe('config features of the generated admin (test-only resources)', () => {
  it('opens a review list on its default filter, with tab counts, totals, one-click decisions and a mine toggle', async () => {
    const api = renderAt('/lab/review');
    expect(await screen.findByText('New name', undefined, { timeout: 8000 })).toBeTruthy();
    // defaultFilter: the list asked for pending rows only, so the approved one is not shown.
    expect(screen.queryByText('Other')).toBeNull();
    expect(api.calls.find((call) => call.method === 'getList')?.params.filter).toEqual({ status: 'pending' });
    // One request gives every tab its count; the totals cover the filtered set.
    expect(await screen.findByText('(41)')).toBeTruthy();
    const totals = await screen.findByTestId('list-totals');
    expect(totals.textContent).toMatch(/123,400/);
    const counts = api.calls.find((c) => c.method === 'getJson' && String(c.params).includes('/-/counts'));
    expect(decodeURIComponent(String(counts?.params))).toContain('field=status');
    // The row's transition is a button in the row.
    const rowActions = await screen.findByTestId('row-actions');
    expect(within(rowActions).getByRole('button', { name: 'Approve it' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('mine-toggle'));
    await waitFor(() =>
      expect(api.calls.some((call) => call.method === 'getList' && call.params.filter?.ownerId === 7)).toBe(true),
    );
  });

  it('shows a record beside the live record it would change and the referenced record endpoint', async () => {
    renderAt('/lab/review/1/show');
    const compare = await screen.findByTestId('compare', undefined, { timeout: 8000 });
    await waitFor(() => expect(compare.textContent).toContain('Old name'));
    expect(compare.textContent).toContain('New name');
    expect(compare.querySelector('[data-changed="true"]')).toBeTruthy();
    const aside = await screen.findByTestId('aside-stock');
    await waitFor(() => expect(aside.textContent).toContain('42'));
  });

  it('asks before a transition with `confirm`, naming the record: Cancel runs nothing, the action button runs it', async () => {
    const approve = proposals.workflow!.transitions.approve;
    const asking = {
      ...proposals,
      workflow: { ...proposals.workflow!, transitions: { approve: { ...approve, confirm: true } } },
    } as AnyResource;
    const api = renderAt('/lab/review/1/show', [shops, asking]);
    const actions = await screen.findByTestId('workflow-actions', undefined, { timeout: 8000 });
    fireEvent.click(within(actions).getByRole('button', { name: 'Approve it' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Approve it' })).toBeTruthy();
    expect(dialog.textContent).toContain('New name');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((call) => call.method === 'runAction')).toBe(false);

    fireEvent.click(within(actions).getByRole('button', { name: 'Approve it' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve it' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'runAction')?.params).toEqual({ id: 1, action: 'approve' }),
    );
  });

  it('gives a keyed resource one menu entry per key, only to accounts that may update it', () => {
    const registry = buildRegistry([configs, proposals], 'admin');
    const entries = (permissions: Record<string, never[]>) =>
      menuGroups(registry, permissions).flatMap((group) => group.entries.map((e) => e.recordKey ?? e.entry.route));
    expect(entries({ configs: ['list', 'update'] as never[] })).toEqual(['alpha', 'beta']);
    expect(entries({ configs: ['list'] as never[] })).toEqual([]);
    expect(entries({ proposals: ['list'] as never[] })).toEqual(['lab/review']);
  });
});
