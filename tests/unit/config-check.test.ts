import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import resources from '../../resources/index';
import { checkResources, ConfigError, assertValidConfig, requiredLabels } from '../../src/core/config-check';
import { currency, date, listOf, mapOf, money, ref, status, text } from '../../src/core/fields';
import type { AnyResource } from '../../src/core/resource';

/** A valid test-only pair of resources; each test breaks one thing in a copy. */
function fixture() {
  const owners: AnyResource = {
    name: 'owners',
    paths: { admin: 'owners' },
    fields: { label: text({ required: true }) },
    recordTitle: 'label',
    list: { columns: ['label'], sort: ['label', 'ASC'] },
    access: { admin: { read: true } },
  };
  const deals: AnyResource = {
    name: 'deals',
    paths: { admin: 'deals', partner: 'deals' },
    fields: {
      ownerId: ref('owners', { required: true, display: 'label' }),
      title: text({ required: true }),
      amount: money(),
      currency: currency(),
      status: status({ default: 'draft' }),
    },
    list: { columns: ['title', 'amount', 'status'], sort: ['id', 'DESC'], filters: ['status'], search: ['title'] },
    workflow: {
      states: ['draft', 'live'],
      initial: 'draft',
      transitions: { publish: { from: 'draft', to: 'live', by: ['admin'] } },
    },
    access: { admin: { read: true }, partner: { scope: 'ownerId', read: true } },
  };
  return { owners, deals };
}

const labels = (resource: AnyResource) => {
  const tree: Record<string, unknown> = {};
  for (const key of requiredLabels(resource)) {
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]] = 'Label';
  }
  return tree;
};

const check = (...list: AnyResource[]) => checkResources(list).map((p) => `${p.file}: ${p.path}: ${p.message}`);

describe('config checks at start', () => {
  it('accepts the product’s resources and English labels as they are', () => {
    expect(checkResources(resources, { english: en })).toEqual([]);
  });

  it('accepts the valid fixture', () => {
    const { owners, deals } = fixture();
    expect(check(owners, deals)).toEqual([]);
  });

  it('names a form endpoint on a GET, a form input of an unknown resource and a preview that is not there', () => {
    const { owners, deals } = fixture();
    const handler = async () => ({});
    const form = {
      inputs: { ownerId: { kind: 'ref', resource: 'owner' }, on: { kind: 'date' } },
      preview: { endpoint: 'plan-preview', list: 'items', count: 'count' },
      counts: ['created'],
    } as const;
    deals.endpoints = { plan: { method: 'GET', record: false, by: ['partner'], handler, form } };
    expect(check(owners, deals)).toEqual([
      'resources/deals.ts: endpoints.plan.form: a form is offered for a collection endpoint taking POST only',
      "resources/deals.ts: endpoints.plan.form.inputs.ownerId: reference to unknown resource 'owner'",
      "resources/deals.ts: endpoints.plan.form.preview: no collection POST endpoint 'plan-preview' to preview with",
    ]);
    expect(requiredLabels(deals)).toEqual(
      expect.arrayContaining([
        'resources.deals.endpoints.plan.title',
        'resources.deals.endpoints.plan.inputs.ownerId',
        'resources.deals.endpoints.plan.inputs.on',
        'resources.deals.endpoints.plan.preview',
        'resources.deals.endpoints.plan.send',
        'resources.deals.endpoints.plan.done',
      ]),
    );
  });

  it('names a button on an endpoint that is no record action, and asks the labels of a button that confirms', () => {
    const { owners, deals } = fixture();
    const handler = async () => ({});
    deals.endpoints = {
      renew: { method: 'POST', record: true, action: true, by: ['admin'], button: { confirm: true }, handler },
      peek: { method: 'GET', record: true, by: ['admin'], button: {}, handler },
    };
    expect(check(owners, deals)).toEqual([
      'resources/deals.ts: endpoints.peek.button: a button is drawn for a record action (record, action, POST) only',
    ]);
    expect(requiredLabels(deals)).toEqual(
      expect.arrayContaining(['resources.deals.actions.renew', 'resources.deals.endpoints.renew.confirm']),
    );
  });

  it('names the file and field of a reference to an unknown resource', () => {
    const { owners, deals } = fixture();
    deals.fields.ownerId = ref('ownerz');
    expect(check(owners, deals)).toEqual([
      "resources/deals.ts: fields.ownerId.reference: reference to unknown resource 'ownerz'",
    ]);
  });

  it("names a map's keys taken from a field that is no reference, a list that is none, and row keys it lacks", () => {
    const { owners, deals } = fixture();
    owners.fields.tiers = listOf({ code: text({ required: true }), price: money() });
    deals.fields.byTier = mapOf(money(), { keysFrom: { ref: 'ownerId', list: 'tiers', key: 'code', own: 'price' } });
    expect(check(owners, deals)).toEqual([]);
    deals.fields.byTier = mapOf(money(), { keysFrom: { ref: 'title', list: 'tiers', key: 'code' } });
    deals.fields.byLabel = mapOf(money(), { keysFrom: { ref: 'ownerId', list: 'label', key: 'code' } });
    deals.fields.byName = mapOf(money(), { keysFrom: { ref: 'ownerId', list: 'tiers', key: 'code', label: 'name' } });
    expect(check(owners, deals)).toEqual([
      "resources/deals.ts: fields.byTier.keysFrom.ref: 'title' must be a field of kind 'ref'",
      "resources/deals.ts: fields.byLabel.keysFrom.list: 'label' must be a listOf field of 'owners'",
      "resources/deals.ts: fields.byName.keysFrom: unknown key 'name' of 'tiers' rows",
    ]);
  });

  it('names list columns, filters, search fields and sorts on unknown fields', () => {
    const { owners, deals } = fixture();
    deals.list = { columns: ['title', 'titel'], sort: ['craetedAt', 'ASC'], filters: ['stat'], search: ['name'] };
    expect(check(owners, deals)).toEqual([
      "resources/deals.ts: list.columns: unknown field 'titel'",
      "resources/deals.ts: list.sort: unknown field 'craetedAt'",
      "resources/deals.ts: list.filters: unknown field 'stat'",
      "resources/deals.ts: list.search: unknown field 'name'",
    ]);
  });

  it('names a hidden column that is not one of the list columns', () => {
    const { owners, deals } = fixture();
    deals.list = { ...deals.list, columns: ['title'], hidden: ['title', 'amount'] };
    expect(check(owners, deals)).toEqual(["resources/deals.ts: list.hidden: 'amount' is not one of list.columns"]);
  });

  it('names a reorder field that is not an integer and toggles that are not booleans', () => {
    const { owners, deals } = fixture();
    deals.list = { ...deals.list, reorder: 'title', toggles: ['amount', 'shown'] };
    expect(check(owners, deals)).toEqual([
      "resources/deals.ts: list.reorder: 'title' must be a field of kind 'integer'",
      "resources/deals.ts: list.toggles: unknown field 'shown'",
      "resources/deals.ts: list.toggles: 'amount' must be a field of kind 'boolean'",
    ]);
  });

  it('names cross-field rules on unknown fields, on unordered kinds and across a time and a number', () => {
    const { owners, deals } = fixture();
    deals.fields = { ...deals.fields, startsOn: date(), endsOn: date(), floor: money() };
    deals.rules = [
      { field: 'endsOn', atLeast: 'startsOn' },
      { field: 'endsOn', atLeast: 'closesOn' },
      { field: 'title', atLeast: 'endsOn' },
      { field: 'amount', atLeast: 'startsOn' },
      { field: 'amount', atLeast: 'floor', message: 'maxBelowMin' },
    ];
    expect(check(owners, deals)).toEqual([
      "resources/deals.ts: rules.1: unknown field 'closesOn'",
      'resources/deals.ts: rules.2: compares date, datetime, integer, money, percent fields only',
      "resources/deals.ts: rules.3: 'amount' and 'startsOn' are not in one order (a time and a number)",
    ]);
  });

  it('names transitions from or to an unknown state, and an unknown initial state', () => {
    const { owners, deals } = fixture();
    deals.workflow = {
      states: ['draft', 'live'],
      initial: 'new',
      transitions: { publish: { from: ['draft', 'review'], to: 'published', by: ['admin'] } },
    };
    expect(check(owners, deals)).toEqual([
      "resources/deals.ts: workflow.initial: unknown state 'new'",
      "resources/deals.ts: workflow.transitions.publish.from: unknown state 'review'",
      "resources/deals.ts: workflow.transitions.publish.to: unknown state 'published'",
    ]);
  });

  it('names an access scope on an unknown or non-reference field', () => {
    const { owners, deals } = fixture();
    deals.access = { partner: { scope: 'partnerId', read: true }, user: { scope: 'title', read: true } };
    expect(check(owners, deals)).toEqual([
      "resources/deals.ts: access.partner.scope: unknown field 'partnerId'",
      "resources/deals.ts: access.user.scope: 'title' must be a ref field",
    ]);
  });

  it('names a money field whose currency sibling is missing and a ref display that does not exist', () => {
    const { owners, deals } = fixture();
    deals.fields.amount = money({ currencyField: 'curr' });
    deals.fields.ownerId = ref('owners', { display: 'name' });
    expect(check(owners, deals)).toEqual([
      "resources/deals.ts: fields.ownerId.display: unknown field 'name' of 'owners'",
      "resources/deals.ts: fields.amount.currencyField: unknown field 'curr'",
    ]);
  });

  it('names every missing English label of a resource, field, state and action', () => {
    const { owners, deals } = fixture();
    const english = { resources: { ...labels(owners).resources!, ...labels(deals).resources! } } as Record<string, any>;
    expect(checkResources([owners, deals], { english })).toEqual([]);
    delete english.resources.deals.fields.title;
    delete english.resources.deals.enums.status.live;
    delete english.resources.deals.actions.publish;
    delete english.resources.owners.name;
    expect(checkResources([owners, deals], { english }).map((p) => `${p.file}: ${p.path}: ${p.message}`)).toEqual([
      'i18n/en.ts: resources.owners.name: missing English label (for resources/owners.ts)',
      'i18n/en.ts: resources.deals.fields.title: missing English label (for resources/deals.ts)',
      'i18n/en.ts: resources.deals.enums.status.live: missing English label (for resources/deals.ts)',
      'i18n/en.ts: resources.deals.actions.publish: missing English label (for resources/deals.ts)',
    ]);
  });

  it('throws one error listing every problem', () => {
    const { owners, deals } = fixture();
    deals.fields.ownerId = ref('nobody');
    deals.list = { ...deals.list, filters: ['nope'] };
    expect(() => assertValidConfig([owners, deals])).toThrow(ConfigError);
    expect(() => assertValidConfig([owners, deals])).toThrow(
      /2 problems:\n {2}resources\/deals\.ts: fields\.ownerId\.reference: .*'nobody'\n {2}resources\/deals\.ts: list\.filters: unknown field 'nope'/,
    );
  });
});
