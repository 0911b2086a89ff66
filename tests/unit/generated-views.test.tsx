import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { Admin, TestMemoryRouter, type DataProvider } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { boolean, currency, date, enumOf, money, percent, status, text } from '../../src/core/fields';
import { ENGLISH_VALIDATION } from '../../src/core/messages';
import { defineResource, type AnyResource } from '../../src/core/resource';
import { RegistryProvider } from '../../src/client/generated/context';
import { buildRegistry } from '../../src/client/generated/registry';
import { generatedResources } from '../../src/client/generated/resources';
import { signedInAs } from './signed-in';

/** A test-only entity: nothing in src/ knows it, so whatever shows up comes from this config alone. */
const gadgetFields = {
  label: text({ required: true, maxLength: 40, searchable: true, sortable: true }),
  grade: enumOf(['basic', 'premium'], { required: true, filterable: true }),
  price: money({ required: true }),
  currency: currency(),
  status: status({ default: 'pending' }),
};
const gadgetTransitions = {
  approve: { from: 'pending', to: 'approved', by: ['admin'], bulk: true, tone: 'success' },
  reject: { from: 'pending', to: 'rejected', by: ['admin'], requires: ['reason'], tone: 'error' },
} as const;

const gadgets = defineResource({
  name: 'gadgets',
  paths: { admin: 'lab/gadget', partner: null },
  fields: gadgetFields,
  recordTitle: 'label',
  list: { columns: ['label', 'grade', 'price', 'status'], sort: ['label', 'ASC'], filters: ['grade', 'status'] },
  create: { fields: ['label', 'grade', 'price', 'currency'] },
  workflow: {
    states: ['pending', 'approved', 'rejected'],
    initial: 'pending',
    transitions: gadgetTransitions,
    tones: { pending: 'warning', approved: 'success', rejected: 'error' },
  },
  access: { admin: { read: true, create: true, update: true } },
}) as unknown as AnyResource;

/**
 * The same entity after a developer edits its file only: fields of three more kinds (date, boolean, percent),
 * two more filters and one more action.
 */
const extendedGadgets = defineResource({
  name: 'gadgets',
  paths: { admin: 'lab/gadget', partner: null },
  fields: {
    ...gadgetFields,
    madeOn: date({ filterable: true, sortable: true }),
    fragile: boolean({ filterable: true }),
    discount: percent(),
  },
  recordTitle: 'label',
  list: {
    columns: ['label', 'grade', 'price', 'status', 'madeOn', 'fragile', 'discount'],
    sort: ['label', 'ASC'],
    filters: ['grade', 'status', 'madeOn', 'fragile'],
  },
  create: { fields: ['label', 'grade', 'price', 'currency', 'madeOn', 'fragile', 'discount'] },
  workflow: {
    states: ['pending', 'approved', 'rejected', 'archived'],
    initial: 'pending',
    transitions: {
      ...gadgetTransitions,
      archive: { from: ['pending', 'approved'], to: 'archived', by: ['admin'], tone: 'warning' },
    },
    tones: { pending: 'warning', approved: 'success', rejected: 'error', archived: 'default' },
  },
  access: { admin: { read: true, create: true, update: true } },
}) as unknown as AnyResource;

const messages = {
  ...englishMessages,
  validation: ENGLISH_VALIDATION,
  app: { workflow: { inputs: { reason: 'Reason' } } },
  resources: {
    gadgets: {
      name: 'Gadget |||| Gadgets',
      fields: {
        label: 'Label',
        grade: 'Grade',
        price: 'Price',
        currency: 'Currency',
        status: 'Status',
        madeOn: 'Made on',
        fragile: 'Fragile',
        discount: 'Discount',
      },
      enums: { grade: { basic: 'Basic', premium: 'Premium' }, status: { pending: 'Waiting', approved: 'Approved' } },
      actions: { approve: 'Approve it', reject: 'Turn down', archive: 'Put away' },
    },
  },
};

/** The records and calls of one test: an in-memory stand-in for the REST API behind the data provider. */
function memoryApi(config: AnyResource) {
  const rows = [
    { id: 1, label: 'Lantern kit', grade: 'premium', price: 1250000, currency: 'LAK', status: 'pending', version: 1 },
    { id: 2, label: 'Boat pass', grade: 'basic', price: 99, currency: 'USD', status: 'approved', version: 3 },
  ].map((row) => ({ ...row, madeOn: '2026-03-05', fragile: true, discount: 12.5 }));
  const calls: { method: string; resource: string; params: any }[] = [];
  const dataProvider = {
    getList: async (resource: string, params: any) => {
      calls.push({ method: 'getList', resource, params });
      const data = rows.filter((row) =>
        Object.entries(params.filter ?? {}).every(([key, value]) =>
          key === 'q' ? row.label.toLowerCase().includes(String(value).toLowerCase()) : (row as any)[key] === value,
        ),
      );
      return { data, total: data.length };
    },
    getOne: async (resource: string, params: any) => {
      calls.push({ method: 'getOne', resource, params });
      return { data: rows.find((row) => String(row.id) === String(params.id))! };
    },
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    create: async (resource: string, params: any) => {
      calls.push({ method: 'create', resource, params });
      return { data: { id: 3, ...params.data } };
    },
    update: async (resource: string, params: any) => ({ data: params.data }),
    updateMany: async () => ({ data: [] }),
    delete: async (resource: string, params: any) => ({ data: params.previousData }),
    deleteMany: async () => ({ data: [] }),
    // Like the server: the transitions the config allows from the record's state.
    getActions: async (resource: string, id: number) => {
      calls.push({ method: 'getActions', resource, params: { id } });
      const state = rows.find((row) => row.id === Number(id))?.status ?? '';
      const actions = Object.entries(config.workflow?.transitions ?? {})
        .filter(([, transition]) => ([] as string[]).concat(transition.from).includes(state))
        .map(([action]) => action);
      return { actions, signatures: {} };
    },
    runAction: async (resource: string, id: number, action: string, body: unknown) => {
      calls.push({ method: 'runAction', resource, params: { id, action, body } });
      return rows.find((row) => row.id === Number(id));
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
  permissions: { gadgets: ['list', 'show', 'create', 'update'] },
};
const authProvider = signedInAs(me);

function renderAt(path: string, config = gadgets) {
  const api = memoryApi(config);
  const registry = buildRegistry([config], 'admin');
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

// The screens are lazy route chunks; loading them once up front keeps the first test's waits short.
beforeAll(async () => {
  await Promise.all([
    import('../../src/client/generated/GeneratedList'),
    import('../../src/client/generated/GeneratedShow'),
    import('../../src/client/generated/GeneratedForm'),
  ]);
});

describe('generated views from a test-only config', () => {
  it('lists the configured columns, enum labels, status chips, money in the locale format and the bulk action', async () => {
    const api = renderAt('/lab/gadget');
    expect(await screen.findByText('Lantern kit')).toBeTruthy();
    for (const header of ['Label', 'Grade', 'Price', 'Status'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Premium').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Waiting').length).toBeGreaterThan(0);
    expect(screen.getByText(/\$0\.99|US\$0\.99|0\.99/)).toBeTruthy();
    // The list asks the API with the config's default sort, through the API name.
    const list = api.calls.find((call) => call.method === 'getList');
    expect(list?.resource).toBe('lab/gadget');
    expect(list?.params.sort).toEqual({ field: 'label', order: 'ASC' });
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    expect(await screen.findByRole('button', { name: 'Approve it' })).toBeTruthy();
  });

  it('shows the record with the workflow actions the API offers and asks for a required reason', async () => {
    const api = renderAt('/lab/gadget/1/show');
    expect(await screen.findByRole('button', { name: 'Turn down' }, { timeout: 8000 })).toBeTruthy();
    expect(screen.getAllByText('Lantern kit').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Turn down' }));
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByLabelText(/Reason/);
    fireEvent.change(reason, { target: { value: 'Photos are blurry' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn down' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'runAction')).toBe(true));
    const run = api.calls.find((call) => call.method === 'runAction')!;
    expect(run.params).toEqual({ id: 1, action: 'reject', body: { reason: 'Photos are blurry' } });
  });

  it('validates the create form with the shared yup schema and its SPEC wording', async () => {
    const api = renderAt('/lab/gadget/create');
    expect(await screen.findByLabelText(/Label/)).toBeTruthy();
    expect(screen.getAllByText('Grade').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText(/Label/), { target: { value: 'x'.repeat(41) } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('You must enter a maximum of 40 characters')).toBeTruthy();
    expect(screen.getAllByText('This field is required').length).toBeGreaterThan(0);
    expect(api.calls.some((call) => call.method === 'create')).toBe(false);
  });
  it('shows a field kind, filter and action added to the config alone in list, filter bar, show and form', async () => {
    const added = ['Made on', 'Fragile', 'Discount'];
    renderAt('/lab/gadget');
    expect(await screen.findByText('Lantern kit')).toBeTruthy();
    for (const header of added) expect(screen.queryByText(header)).toBeNull();
    cleanup();

    renderAt('/lab/gadget', extendedGadgets);
    expect(await screen.findByText('Lantern kit')).toBeTruthy();
    for (const header of added) expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    // Each kind in its own format: the date in the locale, the boolean as its label, the percent with its sign.
    expect(screen.getAllByText('Mar 5, 2026').length).toBe(2);
    expect(screen.getAllByText('Yes').length).toBe(2);
    expect(screen.getAllByText('12.5%').length).toBe(2);
    // The new filters are offered in the filter bar.
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    const menu = await screen.findByRole('menu');
    // A date range offers both ends, each saying which it is.
    for (const filter of ['Grade', 'Fragile'])
      expect(within(menu).getAllByRole('menuitemcheckbox', { name: filter }).length).toBeGreaterThan(0);
    expect(within(menu).getAllByRole('menuitemcheckbox', { name: /^Made on · / })).toHaveLength(2);
    cleanup();

    renderAt('/lab/gadget/1/show', extendedGadgets);
    expect(await screen.findByRole('button', { name: 'Put away' }, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Turn down' })).toBeTruthy();
    for (const label of added) expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    expect(screen.getByText('Mar 5, 2026')).toBeTruthy();
    expect(screen.getByText('12.5%')).toBeTruthy();
    cleanup();

    renderAt('/lab/gadget/create', extendedGadgets);
    expect(await screen.findByLabelText(/Made on/)).toBeTruthy();
    expect(screen.getByLabelText(/Fragile/)).toBeTruthy();
    expect(screen.getByLabelText(/Discount/)).toBeTruthy();
  });

  it('shows grouped fields as tabs by default and as titled sections when the config says so', async () => {
    const grouped = (layout?: 'tabs' | 'sections') =>
      defineResource({
        ...(gadgets as never as Parameters<typeof defineResource>[0]),
        show: {
          groups: [
            { name: 'identity', fields: ['label', 'grade'] },
            { name: 'money', fields: ['price', 'currency'] },
          ],
          layout,
        },
        create: {
          groups: [
            { name: 'identity', fields: ['label', 'grade'] },
            { name: 'money', fields: ['price', 'currency'] },
          ],
          layout,
        },
      }) as unknown as AnyResource;

    renderAt('/lab/gadget/1/show', grouped());
    expect(await screen.findByRole('tab', { name: 'identity' }, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'money' })).toBeTruthy();
    // Tabs: the second group's fields wait behind their tab.
    expect(screen.queryByText('Price')).toBeNull();
    cleanup();

    renderAt('/lab/gadget/1/show', grouped('sections'));
    expect(await screen.findByRole('heading', { name: 'money' }, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'identity' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'money' })).toBeNull();
    // Sections: every group's fields on one page, each with its label.
    expect(screen.getByText('Price')).toBeTruthy();
    expect(screen.getAllByText('Lantern kit').length).toBeGreaterThan(0);
    cleanup();

    renderAt('/lab/gadget/create', grouped('sections'));
    expect(await screen.findByRole('heading', { name: 'money' })).toBeTruthy();
    expect(screen.getByLabelText(/Label/)).toBeTruthy();
    expect(screen.getByLabelText(/Price/)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('keeps a hidden column out of the table until the Columns chooser turns it on', async () => {
    const config = defineResource({
      ...(gadgets as never as Parameters<typeof defineResource>[0]),
      list: { ...gadgets.list, hidden: ['price'] },
    }) as unknown as AnyResource;
    renderAt('/lab/gadget', config);
    expect(await screen.findByText('Lantern kit')).toBeTruthy();
    // The chooser is a modal popover: the table behind it is aria-hidden while it is open.
    const headers = () => screen.getAllByRole('columnheader', { hidden: true }).map((cell) => cell.textContent ?? '');
    expect(headers().some((text) => text.includes('Grade'))).toBe(true);
    expect(headers().some((text) => text.includes('Price'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    const price = await screen.findByLabelText('Price');
    fireEvent.click(price);
    await waitFor(() => expect(headers().some((text) => text.includes('Price'))).toBe(true));
  });
});
