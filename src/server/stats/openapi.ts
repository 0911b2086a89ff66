import { readsStats } from '../../core/access';
import { statusField, summaryMetrics, summedField, type AnyResource } from '../../core/resource';
import { ADMIN_ROLES, type Principal } from '../../core/roles';
import { ERRORS, json, type Schema } from '../edge/openapi-responses';
import { INTERVALS } from './query';

const DAY = { type: 'string', format: 'date' };
const PERIOD_PARAMS = [
  { name: 'from', in: 'query', schema: DAY, description: 'First day (UTC); default 29 days before `to`' },
  { name: 'to', in: 'query', schema: DAY, description: 'Last day (UTC); default today' },
  {
    name: 'filter',
    in: 'query',
    schema: { type: 'string' },
    description: 'JSON: the filters of the list (the reader’s row scope always applies)',
  },
];
const INTERVAL_PARAM = {
  name: 'interval',
  in: 'query',
  schema: { type: 'string', enum: [...INTERVALS], default: 'day' },
};
const PERIOD = { from: DAY, to: DAY };

const integers = (names: readonly string[], describe: (name: string) => string) =>
  Object.fromEntries(names.map((name) => [name, { type: 'integer', description: describe(name) }]));

const rowsOf = (properties: Schema) => ({ type: 'array', items: { type: 'object', properties } });

/** Who may read the aggregates, worked out by the same rule the routes apply. */
function readers(resource: AnyResource): string {
  const reads = (principal: Principal) => readsStats(resource, principal);
  const roles = ADMIN_ROLES.filter((role) => reads({ kind: 'admin', id: 0, role }));
  const owners = (['partner', 'user'] as const).filter((kind) => reads({ kind, id: 0 }));
  return [...roles, ...owners.map((kind) => `${kind}s (their own rows)`)].join(', ');
}

/** `/api/stats/{name}/…` of a resource with `stats`, as `registerStatsRoutes` serves them. */
export function statsPaths(resource: AnyResource): Record<string, Schema> {
  const stats = resource.stats;
  if (!stats) return {};
  const base = `/api/stats/${resource.name}`;
  const tags = [resource.name];
  const who = `Readers: ${readers(resource) || 'none'}.`;
  const counted = stats.where ? `the rows matching ${JSON.stringify(stats.where)}` : 'every row';
  const describe = (name: string) => {
    if (name === 'count') return `Rows: ${counted}`;
    const measure = stats.measures?.[name];
    const field = summedField(stats, name);
    return measure
      ? `Sum of \`${field}\` over the rows matching ${JSON.stringify(measure.where)}`
      : `Sum of \`${field}\` over ${counted}`;
  };
  const metrics = integers(summaryMetrics(stats), describe);
  const sums = integers(['count', ...(stats.sum ?? [])], (name) => (name === 'count' ? 'Rows' : `Sum of \`${name}\``));
  const get = (summary: string, parameters: Schema[], answer: Schema) => ({
    get: { tags, summary, description: who, parameters, responses: { '200': json(answer), ...ERRORS } },
  });
  const paths: Record<string, Schema> = {
    [`${base}/summary`]: get('The period’s totals and those of the same-length period before', PERIOD_PARAMS, {
      type: 'object',
      properties: { ...PERIOD, ...metrics, previous: { type: 'object', properties: { ...PERIOD, ...metrics } } },
    }),
    [`${base}/series`]: get(
      'The totals per day, week or month, every bucket present',
      [...PERIOD_PARAMS, INTERVAL_PARAM],
      {
        type: 'object',
        properties: { interval: INTERVAL_PARAM.schema, ...PERIOD, rows: rowsOf({ bucket: DAY, ...metrics }) },
      },
    ),
  };
  if (stats.groupBy?.length)
    paths[`${base}/by/{field}`] = get(
      `The groups with the largest \`${stats.sum?.[0] ?? 'count'}\`, of ${counted}`,
      [
        { name: 'field', in: 'path', required: true, schema: { type: 'string', enum: [...stats.groupBy] } },
        ...PERIOD_PARAMS,
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
      ],
      { type: 'object', properties: { field: { type: 'string' }, ...PERIOD, rows: rowsOf({ key: {}, ...sums }) } },
    );
  if (statusField(resource))
    paths[`${base}/funnel`] = get('Every workflow state with its totals (all rows)', PERIOD_PARAMS, {
      type: 'object',
      properties: {
        field: { type: 'string' },
        ...PERIOD,
        rows: rowsOf({ key: { type: 'string', enum: [...(resource.workflow?.states ?? [])] }, ...sums }),
      },
    });
  for (const [name, rate] of Object.entries(stats.rates ?? {})) {
    const measured = integers(['count', ...(rate.sum ?? [])], (metric) => metric);
    const shares = {
      part: { type: 'object', properties: measured },
      whole: { type: 'object', properties: measured },
      rate: { type: 'object', description: 'part ÷ whole; null when the whole is 0' },
    };
    paths[`${base}/rate/${name}`] = get(
      `${name}: the rows matching ${JSON.stringify(rate.part)} among those matching ${JSON.stringify(rate.whole)}`,
      [...PERIOD_PARAMS, INTERVAL_PARAM],
      {
        type: 'object',
        properties: {
          name: { type: 'string' },
          interval: INTERVAL_PARAM.schema,
          ...PERIOD,
          metrics: { type: 'array', items: { type: 'string' } },
          ...shares,
          rows: rowsOf({ bucket: DAY, ...shares }),
        },
      },
    );
  }
  return paths;
}
