import type { AnyResource } from '../../../core/resource';

export interface TemplateOptions {
  /** The resource name (`promotions`): API path, table and i18n key. */
  name: string;
  /** The partner account resource and the field its pickers show, when the new rows belong to a partner. */
  partner?: { resource: string; display?: string };
  /** Adds a review workflow: draft → pending (partner or admin submits) → approved / rejected (reason). */
  workflow?: boolean;
}

const camel = (name: string) => name.replace(/[-_](\w)/g, (_m, c: string) => c.toUpperCase());

/** The account resource partners sign in with, found by its `account.kind` rather than by name. */
export function partnerAccount(resources: readonly AnyResource[]): TemplateOptions['partner'] {
  const account = resources.find((resource) => resource.account?.kind === 'partner');
  return account ? { resource: account.name, display: account.recordTitle } : undefined;
}

/**
 * The first draft of `resources/{name}.ts`: a working resource (it migrates, serves and shows) whose
 * comments point at what to change. Everything in it is ordinary config; see docs/resources.md.
 */
export function resourceTemplate(options: TemplateOptions): string {
  const { name, partner, workflow } = options;
  const builders = new Set(['boolean', 'longText', 'text']);
  if (workflow) builders.add('status').add('datetime');
  if (partner) builders.add('ref');
  const imports = [...builders].sort();

  const fields = [
    ...(partner
      ? [
          `    partnerId: ref('${partner.resource}', { required: true, immutable: true, ${
            partner.display ? `display: '${partner.display}', ` : ''
          }filterable: true }),`,
        ]
      : []),
    `    title: text({ required: true, maxLength: 120, searchable: true, sortable: true }),`,
    `    description: longText({ maxLength: 2000 }),`,
    `    active: boolean({ default: true, filterable: true }),`,
    ...(workflow
      ? [
          `    status: status({ default: 'draft' }),`,
          `    reason: text({ readOnly: true, maxLength: 500 }),`,
          `    submittedAt: datetime({ readOnly: true, sortable: true }),`,
        ]
      : []),
  ];
  const columns = ['title', ...(partner ? ['partnerId'] : []), 'active', ...(workflow ? ['status'] : []), 'updatedAt'];
  const filters = [...(workflow ? ['status'] : []), ...(partner ? ['partnerId'] : []), 'active'];
  const list = [
    `    columns: [${columns.map((c) => `'${c}'`).join(', ')}],`,
    `    sort: ['updatedAt', 'DESC'],`,
    `    filters: [${filters.map((c) => `'${c}'`).join(', ')}],`,
    `    search: ['title'],`,
    ...(workflow ? [`    statusTabs: true,`] : []),
  ];
  const submitters = partner ? `['partner', 'moderator']` : `['moderator']`;
  const workflowLines = workflow
    ? [
        `  workflow: {`,
        `    states: ['draft', 'pending', 'approved', 'rejected'],`,
        `    initial: 'draft',`,
        `    transitions: {`,
        `      submit: {`,
        `        from: ['draft', 'rejected'],`,
        `        to: 'pending',`,
        `        by: ${submitters},`,
        `        tone: 'primary',`,
        `        effect: async ({ now }) => ({ submittedAt: now.toISOString(), reason: null }),`,
        `      },`,
        `      approve: { from: 'pending', to: 'approved', by: ['moderator'], bulk: true, tone: 'success' },`,
        `      reject: { from: 'pending', to: 'rejected', by: ['moderator'], requires: ['reason'], tone: 'error' },`,
        `    },`,
        ...(partner ? [`    // A partner's change to an approved row goes back to review.`] : []),
        ...(partner ? [`    onEdit: { by: ['partner'], from: ['approved'], to: 'pending' },`] : []),
        `    tones: { draft: 'default', pending: 'warning', approved: 'success', rejected: 'error' },`,
        `  },`,
      ]
    : [];
  return [
    `import { ${imports.join(', ')} } from '../src/core/fields';`,
    `import { defineResource } from '../src/core/resource';`,
    ``,
    `/** TODO: say in one line what a record is, who writes it and who reads it. */`,
    `export default defineResource({`,
    `  name: '${name}',`,
    `  // Screens at /{locale}/admin/${name}${partner ? ` and /{locale}/partner/${name}` : ''}; null hides an area.`,
    `  paths: { admin: '${name}', partner: ${partner ? `'${name}'` : 'null'} },`,
    `  menu: { group: 'services', icon: 'ViewList' },`,
    `  fields: {`,
    ...fields,
    `  },`,
    `  recordTitle: 'title',`,
    `  list: {`,
    ...list,
    `  },`,
    ...workflowLines,
    `  access: {`,
    `    admin: { read: true, create: ['moderator'], update: ['moderator'], delete: ['moderator'] },`,
    ...(partner ? [`    partner: { scope: 'partnerId', read: true, create: true, update: true },`] : []),
    `  },`,
    `});`,
    ``,
  ].join('\n');
}

/** The import name of a resource module in `resources/index.ts`. */
export function importName(name: string): string {
  return camel(name);
}
