import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, CreateButton, RecordContextProvider, Title, useBasename, useGetList, useTranslate } from 'react-admin';
import { isoDay } from '../../core/portal';
import { statusField, type AnyResource } from '../../core/resource';
import { useEntry } from '../generated/context';
import { FieldValue, useActiveLocale } from '../generated/fields/FieldValue';
import { labels } from '../../core/labels';
import { formatDate } from '../../core/format';
import { allows, usePermissionMap } from '../generated/permissions';

const DAY_MS = 86_400_000;
/** Rows that start this long before the month may still run into it. */
const LOOKBACK_DAYS = 62;

function monthOf(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

function addMonths(month: Date, count: number): Date {
  return new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + count, 1));
}

/** The days shown for a month: whole weeks from Monday, covering the month. */
function gridDays(month: Date): Date[] {
  const first = month.getTime() - ((month.getUTCDay() + 6) % 7) * DAY_MS;
  const last = addMonths(month, 1).getTime() - DAY_MS;
  const days: Date[] = [];
  for (let time = first; time <= last || days.length % 7 !== 0; time += DAY_MS) days.push(new Date(time));
  return days;
}

/** One row on its days: the list's first column as its name, `usage` as used / total, coloured by status. */
function Occurrence({
  config,
  record,
  route,
}: {
  config: AnyResource;
  record: Record<string, unknown>;
  route: string;
}) {
  const basename = useBasename();
  const calendar = config.list.calendar!;
  const status = statusField(config);
  const tone = status ? config.workflow?.tones?.[String(record[status])] : undefined;
  const [name] = config.list.columns.filter((column) => column !== calendar.start && column !== calendar.end);
  const usage = calendar.usage ? `${record[calendar.usage[0]] ?? 0}/${record[calendar.usage[1]] ?? 0}` : null;
  return (
    <RecordContextProvider value={record}>
      <Box
        component={Link}
        to={`${basename}/${route}/${record.id}/show`}
        data-occurrence={record.id}
        sx={{
          display: 'block',
          mb: 0.5,
          px: 0.5,
          borderLeft: 3,
          borderColor: tone && tone !== 'default' ? `${tone}.main` : 'divider',
          bgcolor: 'action.hover',
          borderRadius: 0.5,
          color: 'text.primary',
          textDecoration: 'none',
          fontSize: 12,
          lineHeight: 1.4,
          overflow: 'hidden',
        }}
      >
        {usage ? (
          <Box component="span" sx={{ fontWeight: 600, mr: 0.5 }} data-usage>
            {usage}
          </Box>
        ) : null}
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
          {name ? <FieldValue config={config} name={name} variant="list" /> : null}
        </Box>
      </Box>
    </RecordContextProvider>
  );
}

/** The list of a resource with `list.calendar` as a month grid: each row on the days it runs. */
export function CalendarView() {
  const { config, route } = useEntry();
  const translate = useTranslate();
  const locale = useActiveLocale();
  const { permissions } = usePermissionMap();
  const [month, setMonth] = useState(() => monthOf(new Date()));
  const calendar = config.list.calendar!;
  const next = addMonths(month, 1);
  const { data = [], isPending } = useGetList(route, {
    filter: {
      [`${calendar.start}_gte`]: isoDay(month, -LOOKBACK_DAYS),
      [`${calendar.start}_lte`]: isoDay(next, -1),
    },
    sort: { field: calendar.start, order: 'ASC' },
    pagination: { page: 1, perPage: 1000 },
  });
  const days = gridDays(month);
  const today = isoDay(new Date());
  const on = (day: string) =>
    data.filter((record) => {
      const start = String(record[calendar.start] ?? '');
      const end = String((calendar.end && record[calendar.end]) || start);
      return start <= day && day <= end;
    });
  const title = translate(labels.name(config), { smart_count: 2, _: config.name });
  return (
    <Box sx={{ mt: 1 }} data-testid="calendar">
      <Title title={title} />
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }} useFlexGap flexWrap="wrap">
        <IconButton
          aria-label={translate('app.portal.calendar.previous', { _: 'Previous month' })}
          onClick={() => setMonth(addMonths(month, -1))}
        >
          <ChevronLeft />
        </IconButton>
        <Typography
          variant="h6"
          component="h2"
          sx={{ minWidth: 160, textAlign: 'center' }}
          data-testid="calendar-month"
        >
          {formatDate(month, locale, 'monthYear', true)}
        </Typography>
        <IconButton
          aria-label={translate('app.portal.calendar.next', { _: 'Next month' })}
          onClick={() => setMonth(next)}
        >
          <ChevronRight />
        </IconButton>
        <Button label="app.portal.calendar.today" onClick={() => setMonth(monthOf(new Date()))} />
        <Box sx={{ flex: 1 }} />
        {allows(permissions, config.name, 'create') && config.create !== false ? <CreateButton /> : null}
      </Stack>
      <Paper variant="outlined" sx={{ opacity: isPending ? 0.6 : 1 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' }}>
          {days.slice(0, 7).map((day) => (
            <Typography
              key={day.toISOString()}
              variant="caption"
              sx={{ p: 0.5, textAlign: 'center', borderBottom: 1, borderColor: 'divider' }}
            >
              {formatDate(day, locale, 'weekdayShort', true)}
            </Typography>
          ))}
          {days.map((day) => {
            const key = isoDay(day);
            const inMonth = day.getUTCMonth() === month.getUTCMonth();
            return (
              <Box
                key={key}
                data-day={key}
                sx={{
                  minHeight: { xs: 56, md: 96 },
                  p: 0.5,
                  borderRight: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                  bgcolor: inMonth ? undefined : 'action.hover',
                  opacity: inMonth ? 1 : 0.6,
                }}
              >
                <Typography
                  variant="caption"
                  component="div"
                  sx={{ fontWeight: key === today ? 700 : 400, color: key === today ? 'primary.main' : undefined }}
                >
                  {day.getUTCDate()}
                </Typography>
                {on(key).map((record) => (
                  <Occurrence key={record.id} config={config} record={record} route={route} />
                ))}
              </Box>
            );
          })}
        </Box>
      </Paper>
    </Box>
  );
}
