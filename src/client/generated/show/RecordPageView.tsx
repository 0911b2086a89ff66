import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import {
  RecordContextProvider,
  Show,
  useDataProvider,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { RefField } from '../../../core/fields';
import { responsiveImage } from '../../../core/images';
import { humanize, labels } from '../../../core/labels';
import { statusField, type AnyResource, type RecordPage, type RecordPageSection } from '../../../core/resource';
import { hasValue, shownOnPage } from '../../../core/value-text';
import { HERO_PHOTO, pageReferences, refOf } from '../../../core/record-page';
import { useRegistry } from '../context';
import type { LanternDataProvider } from '../data-provider';
import { FieldValue } from '../fields/FieldValue';
import { RecordTitle, ShowActions } from '../GeneratedShow';
import { OwnHeading } from '../app/screen-heading';
import { applies, InstructionsPanel } from './InstructionsPanel';
import { QrCode } from './QrCode';

type Row = Record<string, unknown>;

/**
 * The records the page's `{ref}.{field}` lines point to, each read as the reader may read it (a customer reads a
 * service as the public does), keyed by the reference field.
 */
function useReferenced(
  config: AnyResource,
  page: RecordPage,
  record: Row | undefined,
): { referenced: Record<string, Row>; settled: Record<string, boolean> } {
  const dataProvider = useDataProvider();
  const refs = useMemo(() => pageReferences(config, page), [config, page]);
  const results = useQueries({
    queries: refs.map((name) => {
      const reference = (config.fields[name] as RefField).reference;
      const id = record?.[name] as string | number | undefined;
      return {
        queryKey: [reference, 'getOne', { id: String(id), meta: undefined }],
        queryFn: () => dataProvider.getOne(reference, { id: id! }).then((answer) => answer.data),
        enabled: id !== undefined && id !== null,
      };
    }),
  });
  return {
    referenced: Object.fromEntries(
      refs.flatMap((name, index) => (results[index]?.data ? [[name, results[index].data]] : [])),
    ),
    // Answered, or refused (a record the reader may not read): either way nothing more is coming.
    settled: Object.fromEntries(refs.map((name, index) => [name, !results[index]?.isPending])),
  };
}

interface Line {
  key: string;
  /** The resource whose field this is, and the record it is read on. */
  config: AnyResource;
  name: string;
  record: Row;
}

/** The lines that have something to show: fields the reader got back with a value, on records that are there. */
function shownLines(
  lines: readonly string[],
  config: AnyResource,
  record: Row,
  referenced: Record<string, Row>,
  registry: ReturnType<typeof useRegistry>,
): Line[] {
  return lines.flatMap((line): Line[] => {
    const ref = refOf(line);
    if (!ref) return shownOnPage(config, line, record) ? [{ key: line, config, name: line, record }] : [];
    const target = registry.config((config.fields[ref] as RefField | undefined)?.reference ?? '');
    const name = line.slice(ref.length + 1);
    const row = referenced[ref];
    // A field the referenced resource does not have (yet) is no line at all.
    if (!target?.fields[name] || !row || !shownOnPage(target, name, row)) return [];
    return [{ key: line, config: target, name, record: row }];
  });
}

function LineRow({ line, sectionTitle }: { line: Line; sectionTitle?: string }) {
  const translate = useTranslate();
  const label = translate(labels.field(line.config, line.name), { _: humanize(line.name) });
  return (
    <Box data-line={line.key}>
      {/* A line its section's title already names ("Cancellation terms" under "Cancellation terms") is not named twice. */}
      {label === sectionTitle ? null : (
        <Typography variant="caption" color="text.secondary" component="div">
          {label}
        </Typography>
      )}
      <Box sx={{ typography: 'body1', overflowWrap: 'anywhere' }}>
        <RecordContextProvider value={line.record as RaRecord}>
          <FieldValue config={line.config} name={line.name} />
        </RecordContextProvider>
      </Box>
    </Box>
  );
}

function Section({ config, name, children }: { config: AnyResource; name: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="section" data-section={name} aria-labelledby={`page-section-${name}`}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="subtitle1" component="h2" id={`page-section-${name}`} sx={{ fontWeight: 600, mb: 1 }}>
          {translate(labels.group(config, name), { _: humanize(name) })}
        </Typography>
        <Stack spacing={1.5}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

/** A code as a ticket: its QR code and text, with the section's lines (the trip: when, where, the seats) beside. */
function CodeSection({
  config,
  section,
  record,
  lines,
}: {
  config: AnyResource;
  section: RecordPageSection;
  record: Row;
  lines: Line[];
}) {
  const value = record[section.code!];
  if (!hasValue(value)) return null;
  const text = String(value);
  return (
    <Section config={config} name={section.name}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'stretch', sm: 'center' }}>
        <Stack alignItems="center" spacing={1} sx={{ flexShrink: 0 }}>
          <QrCode value={text} />
          <Typography
            variant="h5"
            component="p"
            data-testid="record-code"
            sx={{ fontWeight: 700, letterSpacing: '0.08em', overflowWrap: 'anywhere' }}
          >
            {text}
          </Typography>
        </Stack>
        {lines.length ? (
          <Stack spacing={1.5} sx={{ minWidth: 0, flex: 1 }} data-testid="record-code-lines">
            {lines.map((line) => (
              <LineRow key={line.key} line={line} />
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Section>
  );
}

/** A section of a record endpoint's answer (what the reader may not read on the records themselves). */
function EndpointSection({
  config,
  section,
  record,
}: {
  config: AnyResource;
  section: RecordPageSection;
  record: Row;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<LanternDataProvider>();
  const endpoint = section.endpoint!;
  const path = `/${config.name}/${encodeURIComponent(String(record.id))}/${endpoint.name}`;
  const { data, isPending } = useQuery({
    queryKey: ['endpoint', path, record.version],
    queryFn: () => dataProvider.getJson<Row>(path),
  });
  // While it comes, the section keeps a line's place per value, so what follows does not move when it does.
  if (isPending)
    return (
      <Section config={config} name={section.name}>
        {Object.keys(endpoint.fields).map((key) => (
          <Box key={key} aria-hidden="true">
            <Typography variant="caption" component="div">
              {'\u00a0'}
            </Typography>
            <Box sx={{ typography: 'body1', minHeight: endpoint.fields[key] === 'phone' ? 40 : 24 }}>{'\u00a0'}</Box>
          </Box>
        ))}
      </Section>
    );
  const keys = Object.keys(endpoint.fields).filter((key) => hasValue(data?.[key]));
  if (!data || !keys.length) return null;
  return (
    <Section config={config} name={section.name}>
      {keys.map((key) => {
        const value = String(data[key]);
        return (
          <Box key={key} data-line={`${endpoint.name}.${key}`}>
            <Typography variant="caption" color="text.secondary" component="div">
              {translate(`resources.${config.name}.endpoints.${endpoint.name}.fields.${key}`, { _: humanize(key) })}
            </Typography>
            {endpoint.fields[key] === 'phone' ? (
              <Link
                href={`tel:${value.replace(/[^\d+]/g, '')}`}
                sx={{ typography: 'body1', display: 'inline-flex', alignItems: 'center', minHeight: 40 }}
              >
                {value}
              </Link>
            ) : (
              <Typography variant="body1">{value}</Typography>
            )}
          </Box>
        );
      })}
    </Section>
  );
}

/** A hero's picture: its box is there from the start (16:9), so nothing below moves when the photo comes. */
const HERO_IMAGE_SX = {
  display: 'block',
  width: '100%',
  aspectRatio: '16 / 9',
  height: 'auto',
  objectFit: 'cover',
  borderRadius: 1,
} as const;

function Hero({ page, lines }: { page: RecordPage; lines: Line[] }) {
  const title = lines.find((line) => line.key === page.hero?.title);
  const image = lines.find((line) => line.key === page.hero?.image);
  const url = image ? (image.record[image.name] as string[])[0] : undefined;
  if (!title && !url) return null;
  return (
    <Box component="header" data-testid="record-page-hero">
      {url ? (
        <Box
          component="img"
          {...responsiveImage(url, HERO_PHOTO.width)}
          sizes={HERO_PHOTO.sizes}
          alt=""
          fetchPriority="high"
          sx={HERO_IMAGE_SX}
        />
      ) : null}
      {title ? <OwnHeading /> : null}
      {title ? (
        <Typography variant="h5" component="h1" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          <RecordContextProvider value={title.record as RaRecord}>
            <FieldValue config={title.config} name={title.name} />
          </RecordContextProvider>
        </Typography>
      ) : null}
    </Box>
  );
}

function PageBody({ config, page }: { config: AnyResource; page: RecordPage }) {
  const record = useRecordContext();
  const registry = useRegistry();
  const translate = useTranslate();
  const { referenced, settled } = useReferenced(config, page, record);
  if (!record) return null;
  const heroLines = shownLines(
    page.hero ? [page.hero.title, ...(page.hero.image ? [page.hero.image] : [])] : [],
    config,
    record,
    referenced,
    registry,
  );
  const instructing = (config.instructions ?? []).some((block) => applies(block.when, record));
  const status = statusField(config);
  // The page is drawn once the records its lines reach have come, all at once: a head drawn before them (a
  // placeholder of a title's one line for a title of two) would push what follows down when they came.
  if (pageReferences(config, page).some((name) => hasValue(record[name]) && !settled[name])) return null;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1.5, sm: 2 }, maxWidth: 720 }} data-testid="record-page">
      <Hero page={page} lines={heroLines} />
      {page.sections.map((section) => {
        // A section for some states only (a ticket while the booking holds): none in the others.
        if (section.whileIn && !section.whileIn.includes(String(record[status ?? ''] ?? ''))) return null;
        const lines = shownLines(section.fields ?? [], config, record, referenced, registry);
        if (section.code)
          return <CodeSection key={section.name} config={config} section={section} record={record} lines={lines} />;
        if (section.endpoint)
          return <EndpointSection key={section.name} config={config} section={section} record={record} />;
        const instructions = section.instructions && instructing;
        if (!lines.length && !instructions) return null;
        const title = translate(labels.group(config, section.name), { _: humanize(section.name) });
        return (
          <Section key={section.name} config={config} name={section.name}>
            {instructions ? <InstructionsPanel config={config} /> : null}
            {lines.map((line) => (
              <LineRow key={line.key} line={line} sectionTitle={lines.length === 1 ? title : undefined} />
            ))}
          </Section>
        );
      })}
    </Stack>
  );
}

/**
 * An area's own record page (`pages.{area}.show` of the config): the record laid out for its reader, a head and
 * sections of what has a value, with the workflow's actions as on every record page.
 */
export function RecordPageView({ config, page }: { config: AnyResource; page: RecordPage }) {
  return (
    <Show
      title={<RecordTitle config={config} />}
      actions={<ShowActions config={config} readOnly />}
      sx={{ '& .RaShow-card': { bgcolor: 'transparent', boxShadow: 'none' } }}
    >
      <PageBody config={config} page={page} />
    </Show>
  );
}
