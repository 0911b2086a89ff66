import {
  SYSTEM_FIELDS,
  statsMetrics,
  statusField,
  summaryMetrics,
  transitionSources,
  type AnyResource,
} from './resource';
import { isTemporal, ORDERED_KINDS } from './rules';
import type { Field } from './fields';

/** One mistake in a resource config: where it is (file and config path) and what is wrong. */
export interface ConfigProblem {
  /** The file to fix, relative to the project root (`resources/services.ts`, `i18n/en.ts`). */
  file: string;
  /** The config path inside it (`list.columns`, `workflow.transitions.approve.from`, `resources.x.fields.y`). */
  path: string;
  message: string;
}

/** The English message tree, as far as the check needs it. */
export interface MessageTreeLike {
  [key: string]: unknown;
}

export interface CheckOptions {
  /** English messages (`i18n/en.ts`); when given, every label the generated UI looks up must exist. */
  english?: MessageTreeLike;
  /** Where a resource is declared; defaults to the convention `resources/{name}.ts`. */
  fileOf?: (resource: AnyResource) => string;
}

/** Every label the generated UI looks up for one resource config (`resources.{name}.…` and shared inputs). */
export function requiredLabels(resource: AnyResource): string[] {
  const base = `resources.${resource.name}`;
  const labels = [`${base}.name`];
  for (const field of [...Object.keys(resource.fields), ...SYSTEM_FIELDS]) labels.push(`${base}.fields.${field}`);
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind === 'enum') for (const value of field.values) labels.push(`${base}.enums.${name}.${value}`);
    if (field.group) labels.push(`${base}.groups.${field.group}`);
    // A writable list's row keys are labelled like the resource's fields, and their enums' values (ListInput).
    const rowKeys = (json: Field) =>
      json.kind === 'json' && json.items && !json.readOnly
        ? Object.entries(json.items.fields).flatMap(([key, item]) => [
            `${base}.fields.${key}`,
            ...(item.kind === 'enum' ? item.values.map((value) => `${base}.enums.${key}.${value}`) : []),
          ])
        : [];
    labels.push(...rowKeys(field));
    if (field.kind === 'json' && field.shapes) {
      for (const shape of Object.values(field.shapes.variants)) {
        for (const [sub, subField] of Object.entries(shape)) {
          labels.push(`${base}.fields.${sub}`, ...rowKeys(subField));
          if (subField.kind === 'enum')
            for (const value of subField.values) labels.push(`${base}.enums.${sub}.${value}`);
        }
      }
    }
  }
  // Each notified event's message (SPEC §8), written in the recipient's language.
  if (resource.notify?.create?.length) labels.push(`app.notifications.events.${resource.name}.create`);
  for (const [action, transition] of Object.entries(resource.workflow?.transitions ?? {}))
    if (transition.notify?.length) labels.push(`app.notifications.events.${resource.name}.${action}`);
  for (const followUp of Object.keys(resource.followUps ?? {})) labels.push(`${base}.actions.${followUp}`);
  if (resource.create && resource.create.about) labels.push(`${base}.create.title`);
  for (const rule of [
    ...(resource.notify?.create ?? []),
    ...Object.values(resource.workflow?.transitions ?? {}).flatMap((t) => t.notify ?? []),
  ]) {
    if (rule.message) labels.push(`app.notifications.events.${resource.name}.${rule.message}`);
    if (rule.mail) labels.push(`app.mail.${rule.mail.template}.subject`, `app.mail.${rule.mail.template}.text`);
    for (const text of rule.mail?.texts ?? []) labels.push(`app.mail.${rule.mail!.template}.${text.text}`);
  }
  for (const [name, endpoint] of Object.entries(resource.endpoints ?? {})) {
    if (endpoint.button) labels.push(`${base}.actions.${name}`);
    if (endpoint.button?.confirm) labels.push(`${base}.endpoints.${name}.confirm`);
  }
  for (const block of resource.instructions ?? []) {
    labels.push(`${base}.endpoints.${block.endpoint}.text`);
    // What to do with the QR drawn beside the text (SPEC §20).
    if (block.qr) labels.push(`${base}.endpoints.${block.endpoint}.scan`);
  }
  for (const table of resource.recordTables ?? [])
    for (const key of ['title', ...table.columns.map((column) => column.key), ...(table.totals?.keys ?? [])])
      labels.push(`${base}.tables.${table.endpoint}.${key}`);
  for (const table of resource.recordTables ?? [])
    for (const column of table.columns)
      for (const value of column.emptyAs?.values ?? [])
        labels.push(`${base}.tables.${table.endpoint}.values.${column.emptyAs!.key}.${value}`);
  for (const [name, endpoint] of Object.entries(resource.endpoints ?? {}))
    if (endpoint.listButton)
      labels.push(
        `${base}.endpoints.${name}.title`,
        ...endpoint.listButton.lists.map((list) => `${base}.endpoints.${name}.${list}`),
        ...(endpoint.listButton.reasons ?? []).map((reason) => `${base}.endpoints.${name}.reasons.${reason}`),
      );
  for (const [name, endpoint] of Object.entries(resource.endpoints ?? {}))
    if (endpoint.form)
      labels.push(
        `${base}.endpoints.${name}.title`,
        `${base}.endpoints.${name}.done`,
        `${base}.endpoints.${name}.send`,
        ...Object.keys(endpoint.form.inputs).map((input) => `${base}.endpoints.${name}.inputs.${input}`),
        ...(endpoint.form.preview ? [`${base}.endpoints.${name}.preview`] : []),
      );
  if (resource.workflow) {
    const status = statusField(resource)!;
    for (const state of resource.workflow.states) labels.push(`${base}.enums.${status}.${state}`);
    for (const [action, transition] of Object.entries(resource.workflow.transitions)) {
      labels.push(`${base}.actions.${action}`);
      for (const kind of transition.dialogWords ?? [])
        for (const key of ['title', 'dismiss', 'confirm']) labels.push(`${base}.dialogs.${action}.${kind}.${key}`);
      if (transition.preview)
        for (const message of transition.preview.messages ?? ['text'])
          labels.push(`${base}.endpoints.${transition.preview.endpoint}.${message}`);
      for (const input of [...(transition.requires ?? []), ...(transition.accepts ?? [])]) {
        const mapped = transition.inputFields?.[input];
        const field = mapped === false ? undefined : (mapped ?? input);
        labels.push(field && resource.fields[field] ? `${base}.fields.${field}` : `app.workflow.inputs.${input}`);
      }
    }
  }
  for (const view of [resource.show, resource.create, resource.edit]) {
    if (view) for (const group of view.groups ?? []) labels.push(`${base}.groups.${group.name}`);
  }
  for (const page of Object.values(resource.pages ?? {}))
    for (const section of page.show?.sections ?? []) {
      labels.push(`${base}.groups.${section.name}`);
      const { endpoint } = section;
      if (endpoint)
        for (const key of Object.keys(endpoint.fields)) labels.push(`${base}.endpoints.${endpoint.name}.fields.${key}`);
    }
  for (const queue of resource.queues ?? []) labels.push(`${base}.queues.${queue.name}`);
  if (resource.stats) for (const metric of statsMetrics(resource.stats)) labels.push(`${base}.stats.${metric}`);
  return [...new Set(labels)];
}

function lookup(tree: MessageTreeLike, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * Mistakes TypeScript cannot see (names spelled as strings: references, states, scopes) and labels the
 * UI would show as raw keys. The server refuses to start on any of them, naming the file and the field.
 */
export function checkResources(resources: readonly AnyResource[], options: CheckOptions = {}): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const byName = new Map<string, AnyResource>();
  const fileOf = options.fileOf ?? ((resource: AnyResource) => `resources/${resource.name}.ts`);

  for (const resource of resources) {
    if (byName.has(resource.name))
      problems.push({ file: fileOf(resource), path: 'name', message: `resource '${resource.name}' is declared twice` });
    byName.set(resource.name, resource);
  }

  for (const resource of resources) {
    const file = fileOf(resource);
    const report = (path: string, message: string) => problems.push({ file, path, message });
    const known = new Set<string>([...SYSTEM_FIELDS, ...Object.keys(resource.fields)]);
    const fields = (path: string, names: readonly unknown[] | undefined) => {
      for (const name of names ?? [])
        if (typeof name !== 'string' || !known.has(name)) report(path, `unknown field '${String(name)}'`);
    };
    const whereFields = (path: string, where: Readonly<Record<string, unknown>> | undefined) =>
      fields(
        path,
        Object.keys(where ?? {})
          .filter((key) => key !== 'q' && key !== 'id')
          .map((key) => key.replace(/_(gte|lte)$/, '')),
      );

    for (const [name, field] of Object.entries(resource.fields)) {
      if (field.kind === 'ref' && !byName.has(field.reference))
        report(`fields.${name}.reference`, `reference to unknown resource '${field.reference}'`);
      if (field.kind === 'ref' && field.display) {
        const target = byName.get(field.reference);
        if (target && !(field.display in target.fields) && !SYSTEM_FIELDS.includes(field.display as never))
          report(`fields.${name}.display`, `unknown field '${field.display}' of '${field.reference}'`);
      }
      if (field.kind === 'money' && !(field.currencyField in resource.fields))
        report(`fields.${name}.currencyField`, `unknown field '${field.currencyField}'`);
      if (field.kind === 'status' && statusField(resource) !== name)
        report(`fields.${name}`, 'a status field needs a workflow whose `field` it is');
      if (field.kind === 'json' && field.keysFrom) {
        const { ref, list, key, label, own } = field.keysFrom;
        const pointer = resource.fields[ref];
        const target = pointer?.kind === 'ref' ? byName.get(pointer.reference) : undefined;
        const rows = target?.fields[list];
        const rowFields = rows?.kind === 'json' ? rows.items?.fields : undefined;
        if (pointer?.kind !== 'ref') report(`fields.${name}.keysFrom.ref`, `'${ref}' must be a field of kind 'ref'`);
        else if (target && !rowFields)
          report(`fields.${name}.keysFrom.list`, `'${list}' must be a listOf field of '${target.name}'`);
        else if (rowFields)
          for (const part of [key, label, own].filter((part) => part !== undefined))
            if (!(part in rowFields)) report(`fields.${name}.keysFrom`, `unknown key '${part}' of '${list}' rows`);
      }
    }

    // Names TypeScript checks only when the file goes through defineResource; checked again for plain objects.
    fields('list.columns', resource.list.columns);
    for (const name of resource.list.hidden ?? [])
      if (!resource.list.columns.includes(name as never)) report('list.hidden', `'${name}' is not one of list.columns`);
    fields('list.sort', [resource.list.sort[0]]);
    fields('list.filters', resource.list.filters);
    for (const path of resource.list.search ?? []) {
      const [root, through, ...more] = String(path).split('.');
      const ref = resource.fields[root];
      const target = ref?.kind === 'ref' ? byName.get(ref.reference) : undefined;
      if (through === undefined) fields('list.search', [root]);
      else if (ref?.kind !== 'ref') report('list.search', `'${root}' must be a field of kind 'ref'`);
      else if (target && (more.length || !(through in target.fields)))
        report('list.search', `unknown field '${path.slice(root.length + 1)}' of '${target.name}'`);
    }
    fields('list.totals', resource.list.totals);
    if (resource.list.mine) fields('list.mine', [resource.list.mine]);
    const kinds = (path: string, names: readonly string[], kind: string) => {
      for (const name of names)
        if (resource.fields[name] && resource.fields[name].kind !== kind)
          report(path, `'${name}' must be a field of kind '${kind}'`);
    };
    if (resource.list.reorder) fields('list.reorder', [resource.list.reorder]);
    kinds('list.reorder', resource.list.reorder ? [resource.list.reorder] : [], 'integer');
    if (resource.list.upcoming) fields('list.upcoming', [resource.list.upcoming]);
    kinds('list.upcoming', resource.list.upcoming ? [resource.list.upcoming] : [], 'date');
    fields('list.toggles', resource.list.toggles);
    for (const limit of ['maxPage', 'maxSearch'] as const) {
      const value = resource.list[limit];
      if (value !== undefined && !(Number.isSafeInteger(value) && value > 0))
        report(`list.${limit}`, 'must be a positive whole number');
    }
    kinds('list.toggles', resource.list.toggles ?? [], 'boolean');
    // A cross-field rule compares two values in one order: both days or instants, or both numbers.
    for (const [index, rule] of (resource.rules ?? []).entries()) {
      const path = `rules.${index}`;
      const pair = [rule.field, rule.atLeast].map((name) => resource.fields[name]);
      fields(path, [rule.field, rule.atLeast]);
      if (pair.some((field) => field && !ORDERED_KINDS.includes(field.kind)))
        report(path, `compares ${ORDERED_KINDS.join(', ')} fields only`);
      else if (pair[0] && pair[1] && isTemporal(pair[0].kind) !== isTemporal(pair[1].kind))
        report(path, `'${rule.field}' and '${rule.atLeast}' are not in one order (a time and a number)`);
    }
    if (resource.list.calendar) {
      const { start, end, usage } = resource.list.calendar;
      fields('list.calendar', [start, ...(end ? [end] : []), ...(usage ?? [])]);
    }
    whereFields('list.defaultFilter', resource.list.defaultFilter);
    for (const view of ['show', 'create', 'edit'] as const) {
      const config = resource[view];
      if (!config) continue;
      fields(`${view}.fields`, config.fields);
      for (const group of config.groups ?? []) fields(`${view}.groups.${group.name}`, group.fields);
    }
    // `create.about`: each step a reference, the next one read on the record it reaches.
    if (resource.create && resource.create.about) {
      let on: AnyResource | undefined = resource;
      for (const step of resource.create.about) {
        const field: AnyResource['fields'][string] | undefined = on?.fields[step];
        if (field?.kind !== 'ref') {
          report('create.about', `'${step}' is not a reference field of '${on?.name}'`);
          break;
        }
        on = byName.get(field.reference);
      }
    }
    for (const [key, followUp] of Object.entries(resource.followUps ?? {})) {
      const endpoint = followUp.prefill ? resource.endpoints?.[followUp.prefill] : undefined;
      if (followUp.prefill && (!endpoint || !endpoint.record || endpoint.method !== 'GET'))
        report(`followUps.${key}.prefill`, `'${followUp.prefill}' is not a GET record endpoint of '${resource.name}'`);
    }
    if (resource.recordTitle) fields('recordTitle', [resource.recordTitle]);
    if (resource.lookupField) fields('lookupField', [resource.lookupField]);
    for (const cols of resource.indexes ?? []) fields('indexes', cols);
    for (const cols of resource.uniques ?? []) fields('uniques', cols);
    for (const queue of resource.queues ?? []) {
      whereFields(`queues.${queue.name}.filter`, queue.filter);
      if (queue.sort) fields(`queues.${queue.name}.sort`, [queue.sort[0]]);
    }
    whereFields('menu.badge', resource.menu?.badge);
    for (const [name, endpoint] of Object.entries(resource.endpoints ?? {})) {
      fields(`endpoints.${name}.input`, endpoint.input);
      if (endpoint.button && (!endpoint.record || !endpoint.action || endpoint.method !== 'POST'))
        report(`endpoints.${name}.button`, 'a button is drawn for a record action (record, action, POST) only');
      const form = endpoint.form;
      if (!form) continue;
      if (endpoint.record || endpoint.method !== 'POST')
        report(`endpoints.${name}.form`, 'a form is offered for a collection endpoint taking POST only');
      for (const [input, spec] of Object.entries(form.inputs))
        if (spec.kind === 'ref' && !byName.has(spec.resource))
          report(`endpoints.${name}.form.inputs.${input}`, `reference to unknown resource '${spec.resource}'`);
      const preview = form.preview && resource.endpoints?.[form.preview.endpoint];
      if (form.preview && (!preview || preview.record || preview.method !== 'POST'))
        report(
          `endpoints.${name}.form.preview`,
          `no collection POST endpoint '${form.preview.endpoint}' to preview with`,
        );
    }
    if (resource.stats) {
      fields('stats.time', [resource.stats.time]);
      fields('stats.sum', resource.stats.sum);
      fields(
        'stats.groupBy',
        (resource.stats.groupBy ?? []).map((g) => g.split('.')[0]),
      );
      whereFields('stats.where', resource.stats.where);
      const { groupBy = [], sum = [], top = [], rates = {}, measures = {}, kpis = [], access } = resource.stats;
      for (const path of top) if (!groupBy.includes(path)) report('stats.top', `'${path}' is not in stats.groupBy`);
      for (const [name, measure] of Object.entries(measures)) {
        if (name === 'count' || name in resource.fields || name in rates)
          report(`stats.measures.${name}`, `'${name}' is already the name of a field or metric`);
        // The summary table keeps only `stats.sum` columns.
        if (!sum.includes(measure.sum)) report(`stats.measures.${name}.sum`, `'${measure.sum}' is not in stats.sum`);
        whereFields(`stats.measures.${name}.where`, measure.where);
      }
      const metrics = summaryMetrics(resource.stats);
      for (const name of kpis) if (!metrics.includes(name)) report('stats.kpis', `unknown metric '${name}'`);
      const readers = resource.access.admin?.read;
      if (Array.isArray(access?.admin) && readers !== true)
        for (const role of access.admin)
          if (!(Array.isArray(readers) && readers.includes(role)) && role !== 'super_admin')
            report('stats.access.admin', `'${role}' does not read the rows (access.admin.read)`);
      for (const [name, rate] of Object.entries(rates)) {
        whereFields(`stats.rates.${name}.part`, rate.part);
        whereFields(`stats.rates.${name}.whole`, rate.whole);
        for (const field of rate.sum ?? [])
          if (!sum.includes(field)) report(`stats.rates.${name}.sum`, `'${field}' is not in stats.sum`);
      }
    }
    if (resource.compare) {
      fields('compare.via', [resource.compare.via]);
      fields('compare.fields', Object.keys(resource.compare.fields));
    }
    for (const [area, page] of Object.entries(resource.pages ?? {})) {
      const show = page.show;
      if (!show) continue;
      // A line's own part must be a field; `{ref}.{field}` may name a field the referenced resource has not yet.
      const own = (line: string) => line.split('.')[0];
      if (show.hero)
        fields(`pages.${area}.show.hero`, [show.hero.title, ...(show.hero.image ? [show.hero.image] : [])].map(own));
      for (const section of show.sections) {
        fields(
          `pages.${area}.show.${section.name}`,
          [...(section.fields ?? []), ...(section.code ? [section.code] : [])].map(own),
        );
        if (section.endpoint && !resource.endpoints?.[section.endpoint.name])
          report(`pages.${area}.show.${section.name}.endpoint`, `unknown endpoint '${section.endpoint.name}'`);
        for (const state of section.whileIn ?? [])
          if (!resource.workflow?.states.includes(state))
            report(`pages.${area}.show.${section.name}.whileIn`, `unknown workflow state '${state}'`);
      }
    }
    if (resource.aside) fields('aside.via', [resource.aside.via]);
    if (resource.holds) {
      const { holds } = resource;
      fields('holds', [holds.ref, holds.amount, holds.until]);
      const ref = resource.fields[holds.ref];
      const target = ref?.kind === 'ref' ? byName.get(ref.reference) : undefined;
      if (ref && ref.kind !== 'ref') report('holds.ref', `'${holds.ref}' must be a ref field`);
      else if (target && target.fields[holds.counter]?.kind !== 'integer')
        report('holds.counter', `'${holds.counter}' must be an integer field of ${target.name}`);
      if (resource.fields[holds.until] && resource.fields[holds.until].kind !== 'datetime')
        report('holds.until', `'${holds.until}' must be a datetime field`);
      if (!resource.workflow?.states.includes(holds.state)) report('holds.state', `unknown state '${holds.state}'`);
    }

    const { access } = resource;
    for (const kind of ['partner', 'user'] as const) {
      const rule = access[kind];
      if (!rule) continue;
      const scope = resource.fields[rule.scope];
      if (rule.scope !== 'id' && !scope) report(`access.${kind}.scope`, `unknown field '${rule.scope}'`);
      else if (scope && scope.kind !== 'ref') report(`access.${kind}.scope`, `'${rule.scope}' must be a ref field`);
      fields(`access.${kind}.hidden`, rule.hidden);
      fields(`access.${kind}.readOnly`, rule.readOnly);
      fields(`access.${kind}.revealIn`, Object.keys(rule.revealIn ?? {}));
    }
    fields('access.admin.readOnly', access.admin?.readOnly);
    if (access.public) {
      fields('access.public.fields', access.public.fields);
      whereFields('access.public.where', access.public.where);
    }

    const workflow = resource.workflow;
    if (workflow) {
      const states = new Set(workflow.states);
      const state = (path: string, value: string) => {
        if (!states.has(value)) report(path, `unknown state '${value}'`);
      };
      const status = statusField(resource)!;
      if (!resource.fields[status])
        report('workflow.field', `the status field '${status}' is not among the fields (add \`${status}: status()\`)`);
      state('workflow.initial', workflow.initial);
      for (const [action, transition] of Object.entries(workflow.transitions)) {
        for (const from of transitionSources(transition)) state(`workflow.transitions.${action}.from`, from);
        if (transition.to !== undefined) state(`workflow.transitions.${action}.to`, transition.to);
        for (const [input, target] of Object.entries(transition.inputFields ?? {}))
          if (target !== false) fields(`workflow.transitions.${action}.inputFields.${input}`, [target]);
        const signatures = transition.signatures;
        if (signatures) {
          const path = `workflow.transitions.${action}.signatures`;
          fields(`${path}.amountField`, [signatures.amountField]);
          fields(`${path}.field`, [signatures.field]);
          if (resource.fields[signatures.field] && resource.fields[signatures.field].kind !== 'json')
            report(`${path}.field`, `'${signatures.field}' must be a json field`);
          if (!Number.isInteger(signatures.required) || signatures.required < 2)
            report(`${path}.required`, 'at least 2 signatures');
        }
        if (transition.auto) {
          const path = `workflow.transitions.${action}.auto`;
          const when = resource.fields[transition.auto.when];
          if (!when) report(`${path}.when`, `unknown field '${transition.auto.when}'`);
          else if (when.kind !== 'datetime')
            report(`${path}.when`, `'${transition.auto.when}' must be a datetime field`);
          if (!transition.by.includes('system'))
            report(`${path}`, "a timer runs as the system: `by` must name 'system'");
        }
      }
      if (workflow.onEdit) {
        for (const from of workflow.onEdit.from) state('workflow.onEdit.from', from);
        state('workflow.onEdit.to', workflow.onEdit.to);
      }
      for (const value of workflow.editableIn ?? []) state('workflow.editableIn', value);
      for (const value of Object.keys(workflow.tones ?? {})) state('workflow.tones', value);
      for (const [field, revealStates] of Object.entries(access.partner?.revealIn ?? {}))
        for (const value of revealStates) state(`access.partner.revealIn.${field}`, value);
      for (const [field, revealStates] of Object.entries(access.user?.revealIn ?? {}))
        for (const value of revealStates) state(`access.user.revealIn.${field}`, value);
    }

    if (options.english) {
      for (const key of requiredLabels(resource)) {
        if (typeof lookup(options.english, key) !== 'string')
          problems.push({ file: 'i18n/en.ts', path: key, message: `missing English label (for ${file})` });
      }
    }
  }
  return problems;
}

export function formatProblems(problems: readonly ConfigProblem[]): string {
  return [
    `The resource configs have ${problems.length} problem${problems.length === 1 ? '' : 's'}:`,
    ...problems.map((p) => `  ${p.file}: ${p.path}: ${p.message}`),
  ].join('\n');
}

/** Thrown at start when the configs are inconsistent; its message lists every problem. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly ConfigProblem[]) {
    super(formatProblems(problems));
    this.name = 'ConfigError';
  }
}

export function assertValidConfig(resources: readonly AnyResource[], options: CheckOptions = {}): void {
  const problems = checkResources(resources, options);
  if (problems.length) throw new ConfigError(problems);
}
