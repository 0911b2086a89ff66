import { email, status, text } from '../src/core/fields';
import { defineResource } from '../src/core/resource';
import { resellerBalance, rotateKey } from './resellers.effects.server';

/**
 * Online travel agencies and agents that sell the partners' services through the OCTO API (SPEC §19,
 * docs/octo.md). Each holds one API key, answered once when it is created or rotated and stored only as its SHA-256
 * hash; a suspended reseller's key is refused. What it sells is paid on its account: finance reads what it owes.
 */
export default defineResource({
  name: 'resellers',
  paths: { admin: 'accounts/resellers', partner: null },
  menu: { group: 'accounts', icon: 'Hub', order: 5 },
  fields: {
    name: text({ required: true, maxLength: 160, searchable: true, sortable: true }),
    contactEmail: email({ required: true, searchable: true }),
    status: status({ default: 'active' }),
    // The key's SHA-256: the key itself is never stored nor readable again.
    apiKeyHash: text({ readOnly: true, hidden: true, unique: true, maxLength: 64 }),
    reason: text({ readOnly: true, maxLength: 500 }),
  },
  recordTitle: 'name',
  list: {
    columns: ['name', 'contactEmail', 'status', 'createdAt'],
    sort: ['createdAt', 'DESC'],
    filters: ['status'],
    search: ['name', 'contactEmail'],
  },
  create: { fields: ['name', 'contactEmail'] },
  edit: { fields: ['name', 'contactEmail'] },
  workflow: {
    states: ['active', 'suspended'],
    initial: 'active',
    transitions: {
      suspend: { from: 'active', to: 'suspended', by: ['finance'], accepts: ['reason'], tone: 'error' },
      reactivate: { from: 'suspended', to: 'active', by: ['finance'], tone: 'success' },
    },
    tones: { active: 'success', suspended: 'error' },
  },
  // What it owes, on its page, for finance (who alone may read the balance).
  instructions: [{ endpoint: 'balance', when: {} }],
  apiClient: { hash: 'apiKeyHash', key: 'apiKey', activeIn: ['active'], name: 'name' },
  endpoints: {
    // A new key, answered once; the old one stops opening the API at once.
    'rotate-key': {
      method: 'POST',
      record: true,
      action: true,
      by: ['finance'],
      button: { tone: 'warning', confirm: true },
      handler: rotateKey,
    },
    // What the reseller owes: its confirmed bookings charged on its account, less the credits of cancellations.
    balance: { method: 'GET', record: true, by: ['finance'], handler: resellerBalance },
  },
  access: {
    admin: { read: ['finance'], create: ['finance'], update: ['finance'], delete: false },
  },
});
