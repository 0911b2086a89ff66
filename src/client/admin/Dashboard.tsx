import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import { Title, useBasename, useGetIdentity, useGetList, useTranslate } from 'react-admin';
import { summaryMetrics, type AnyResource } from '../../core/resource';
import { useRegistry } from '../generated/context';
import { useActiveLocale } from '../generated/active-locale';
import { useEntryLabel } from '../generated/GeneratedMenu';
import { humanize, labels } from '../../core/labels';
import { entryPath, menuGroups, type MenuEntry } from '../../core/menu';
import { usePermissionMap } from '../generated/permissions';
import { formatDateTime, formatNumber } from '../../core/format';
import { lastDays, useStats, useStatsResources, type SummaryAnswer } from './stats/api';
import { change, formatMetric, metricLabel } from './stats/format';
import { useOwnHeading } from '../generated/app/screen-heading';

export function QueueCard({ item }: { item: MenuEntry }) {
  const basename = useBasename();
  const label = useEntryLabel();
  const locale = useActiveLocale();
  const filter = item.badge as Record<string, unknown>;
  const { total, isPending } = useGetList(item.entry.route, {
    filter,
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'ASC' },
  });
  // A queue is its own list; a resource badge opens the list with the badge's filter applied.
  const search = item.entry.queue ? '' : `?filter=${encodeURIComponent(JSON.stringify(filter))}`;
  return (
    <Card variant="outlined" data-testid={`queue-${item.entry.route}`} sx={{ height: '100%' }}>
      <CardActionArea component={Link} to={`${basename}/${entryPath(item)}${search}`} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="overline" color="text.secondary" component="div" noWrap>
            {label(item)}
          </Typography>
          <Typography variant="h4" component="p" color={total ? 'warning.main' : 'text.primary'}>
            {isPending ? '…' : formatNumber(total ?? 0, locale)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function Trend({ current, previous }: { current: number; previous: number }) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  const delta = change(current, previous);
  if (delta === undefined)
    return (
      <Typography variant="caption" color="text.secondary">
        —
      </Typography>
    );
  const up = delta >= 0;
  return (
    <Typography
      variant="caption"
      color={up ? 'success.main' : 'error.main'}
      sx={{ display: 'inline-flex', alignItems: 'center' }}
      title={translate('app.dashboard.vsPrevious', { _: 'vs previous period' })}
    >
      {up ? <ArrowUpIcon fontSize="inherit" /> : <ArrowDownIcon fontSize="inherit" />}
      {formatNumber(Math.abs(delta), locale, { style: 'percent', maximumFractionDigits: 1 })}
    </Typography>
  );
}

/**
 * The period summary of one resource with aggregates: its `stats.kpis` (by default the count, each sum and each
 * measure) against the previous period (e.g. gross bookings, revenue, commission and orders; new partners), named
 * by `resources.{name}.stats.`. A metric the account may not read is not in the answer and shows no card.
 */
function KpiCards({ config, days }: { config: AnyResource; days: number }) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  const { data, error } = useStats<SummaryAnswer>(config, 'summary', { ...lastDays(days) });
  if (error) return null;
  const stats = config.stats!;
  const metrics = (stats.kpis ?? summaryMetrics(stats)).filter((name) => !data || name in data);
  return (
    <>
      {metrics.map((name) => {
        const current = Number(data?.[name] ?? 0);
        const previous = Number(data?.previous?.[name] ?? 0);
        const label = metricLabel(config, name, translate);
        // Long amounts (LAK in billions) are written short so they fit the card; the exact figure is its tooltip.
        const exact = data ? formatMetric(config, name, current, locale) : '…';
        const value = exact.length > 13 ? formatMetric(config, name, current, locale, true) : exact;
        return (
          <Grid key={`${config.name}.${name}`} size={{ xs: 6, sm: 4, md: 3, lg: 2.4 }}>
            <Card variant="outlined" sx={{ height: '100%' }} data-testid={`kpi-${config.name}-${name}`}>
              <CardContent>
                <Typography variant="overline" color="text.secondary" component="div" noWrap>
                  {label}
                </Typography>
                <Typography variant="h5" component="p" noWrap title={exact} data-exact={exact}>
                  {value}
                </Typography>
                {data ? (
                  <Trend current={current} previous={previous} />
                ) : (
                  // The trend's line is held while the figures load, so the card keeps its height.
                  <Typography variant="caption" component="div" aria-hidden>
                    {'\u00a0'}
                  </Typography>
                )}
              </CardContent>
            </Card>
          </Grid>
        );
      })}
    </>
  );
}

/** The latest audit rows: who did what to which record. */
function RecentActivity() {
  const registry = useRegistry();
  const translate = useTranslate();
  const locale = useActiveLocale();
  const basename = useBasename();
  const audit = registry.auditLog;
  const route = audit ? registry.routeOf(audit.name) : undefined;
  const { data } = useGetList(
    route ?? '',
    { sort: { field: audit?.list.sort[0] ?? 'id', order: 'DESC' }, pagination: { page: 1, perPage: 8 } },
    { enabled: Boolean(route) },
  );
  // Drawn with its rows: an empty card whose rows arrived later would push its own link down.
  if (!audit || !route || !data) return null;
  return (
    <Card variant="outlined" data-testid="recent-activity">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.dashboard.recentActivity', { _: 'Recent activity' })}
        </Typography>
        <List dense>
          {(data ?? []).map((row) => {
            const target = registry.config(String(row.resource ?? ''));
            const targetRoute = target ? registry.routeOf(target.name) : undefined;
            const action = String(row.action ?? '');
            const actionLabel = target
              ? translate(labels.action(target, action), {
                  _: translate(`app.audit.${action}`, { _: humanize(action) }),
                })
              : humanize(action);
            const what = target
              ? `${translate(labels.name(target), { smart_count: 1, _: target.name })} #${String(row.recordId ?? '')}`
              : String(row.resource ?? '');
            const link =
              targetRoute && row.recordId ? `${basename}/${targetRoute}/${String(row.recordId)}/show` : undefined;
            const text = (
              <ListItemText
                primary={`${actionLabel} · ${what}`}
                secondary={`${String(row.actorEmail ?? row.actorKind ?? '')} · ${formatDateTime(
                  String(row[audit.list.sort[0]] ?? row.createdAt ?? ''),
                  locale,
                )}`}
              />
            );
            // The link goes inside the list item: a list may only hold <li> children.
            return (
              <ListItem key={String(row.id)} disableGutters disablePadding={Boolean(link)}>
                {link ? (
                  <ListItemButton component={Link} to={link} sx={{ px: 0 }}>
                    {text}
                  </ListItemButton>
                ) : (
                  text
                )}
              </ListItem>
            );
          })}
        </List>
        <Box sx={{ textAlign: 'right' }}>
          <Link to={`${basename}/${route}`}>{translate('app.dashboard.viewAll')}</Link>
        </Box>
      </CardContent>
    </Card>
  );
}

const PERIODS = [7, 30, 90];

/** The overview: KPIs for a period against the previous one, the queues that need action, recent activity. */
export function Dashboard() {
  const registry = useRegistry();
  const translate = useTranslate();
  const { permissions, isPending: permissionsPending } = usePermissionMap();
  const { identity } = useGetIdentity();
  const [days, setDays] = useState(30);
  useOwnHeading();
  const queues = menuGroups(registry, permissions).flatMap((group) => group.entries.filter((item) => item.badge));
  const { configs: stats, isPending: statsPending } = useStatsResources();
  const heading = (
    <>
      <Title title={translate('app.dashboard.title', { _: 'Dashboard' })} />
      <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 2 }}>
        {translate('app.dashboard.welcome', { name: identity?.fullName ?? '', _: 'Welcome' })}
      </Typography>
    </>
  );
  // The sections follow from what the account may read: drawn once that is known, all at once, so none of them
  // appears above another and pushes it down.
  if (permissionsPending || statsPending) return <Box sx={{ pb: 4 }}>{heading}</Box>;
  return (
    <Box sx={{ pb: 4 }}>
      {heading}
      {stats.length ? (
        <Box component="section" sx={{ mb: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2">
              {translate('app.dashboard.overview')}
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={days}
              onChange={(_, value: number | null) => value && setDays(value)}
              aria-label={translate('app.statistics.period')}
            >
              {PERIODS.map((value) => (
                <ToggleButton key={value} value={value} data-testid={`period-${value}`}>
                  {translate('app.statistics.lastDays', { smart_count: value, _: `${value} days` })}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
          <Grid container spacing={2}>
            {stats.map((config) => (
              <KpiCards key={config.name} config={config} days={days} />
            ))}
          </Grid>
        </Box>
      ) : null}
      {queues.length ? (
        <Box component="section" sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {translate('app.dashboard.queues', { _: 'Needs action' })}
          </Typography>
          <Grid container spacing={2}>
            {queues.map((item) => (
              <Grid key={entryPath(item)} size={{ xs: 6, sm: 4, md: 3, lg: 2.4 }}>
                <QueueCard item={item} />
              </Grid>
            ))}
          </Grid>
        </Box>
      ) : null}
      <RecentActivity />
    </Box>
  );
}
