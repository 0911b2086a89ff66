import Box from '@mui/material/Box';
import { Countdown } from './Countdown';
import { InlineRows } from './InlineRows';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { memo, type MouseEvent } from 'react';
import { Link, useCreatePath, useGetManyAggregate, useRecordContext, useTranslate, type Identifier } from 'react-admin';
import { responsiveImage } from '../../../core/images';
import type { EnumField, JsonField, RefField } from '../../../core/fields';
import { statusField, type AnyResource } from '../../../core/resource';
import { fieldOf, valueText } from '../../../core/value-text';
import { useRegistry } from '../context';
import { allows, usePermissionMap } from '../permissions';
import { recordTitle } from '../../../core/record-title';
import { enumText, StatusChip } from './StatusChip';
import { useActiveLocale } from '../active-locale';

export { useActiveLocale };

interface ReferenceProps {
  name: string;
  field: RefField;
  /** Inside a row that is itself a link (a phone's simple list): the title as text, never a link in a link. */
  plain?: boolean;
}

/**
 * The referenced record's title, linked to its page. Memoised apart from the permission check: every cell's
 * permissions hook re-renders it while the permissions load, and the reference underneath has not changed.
 *
 * Not react-admin's `ReferenceField`: the cells of a page still share one `getMany` per referenced resource (the
 * same aggregated query), but without what `ReferenceField` adds to every cell of the page: two access checks for
 * its link (the caller has already checked that the account may open the record), the resource and record
 * contexts, and an effect that renders the cell a second time once its link is known. On a list's first page that
 * was a second, unsliced render of every reference cell.
 */
const ReferenceLink = memo(function ReferenceLink({ name, field, plain }: ReferenceProps) {
  const registry = useRegistry();
  const locale = useActiveLocale();
  const createPath = useCreatePath();
  const record = useRecordContext();
  const id = record?.[name] as Identifier;
  const target = registry.config(field.reference);
  const route = registry.routeOf(field.reference);
  const { data, isPending } = useGetManyAggregate(route ?? field.reference, { ids: [id] });
  const referenced = data?.[0];
  // While it loads, an empty line of the title's height (a card's line would otherwise grow when it comes), read
  // out as the id (a link around it keeps a name); the id where the record is gone or cannot be read.
  if (!referenced)
    return isPending ? (
      <span>
        <span aria-hidden="true">{'\u00a0'}</span>
        <span className="lt-visually-hidden">#{String(id)}</span>
      </span>
    ) : (
      <span>#{String(id)}</span>
    );
  const title = <span>{recordTitle(target, referenced, locale, field.display)}</span>;
  if (!route || plain) return title;
  return (
    // A link in a list row opens the referenced record, not the row's own.
    <Link to={createPath({ resource: route, id, type: 'show' })} onClick={stopPropagation}>
      {title}
    </Link>
  );
});

const stopPropagation = (event: MouseEvent) => event.stopPropagation();

function ReferenceValue({ name, field, plain }: ReferenceProps) {
  const { permissions } = usePermissionMap();
  const record = useRecordContext();
  const value = record?.[name];
  if (value === null || value === undefined) return null;
  if (!allows(permissions, field.reference, 'show')) return <span>#{String(value)}</span>;
  return <ReferenceLink name={name} field={field} plain={plain} />;
}

function EnumValue({
  config,
  name,
  field,
  value,
}: {
  config: AnyResource;
  name: string;
  field: EnumField;
  value: unknown;
}) {
  const translate = useTranslate();
  const values = field.multiple && Array.isArray(value) ? value : [value];
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {values
        .filter((v) => v !== null && v !== undefined && v !== '')
        .map((v) => (
          <Chip key={String(v)} size="small" variant="outlined" label={enumText(config, name, String(v), translate)} />
        ))}
    </Stack>
  );
}

/**
 * One field of the record in context, rendered by its kind (list cell or show page). Memoised: the list re-renders
 * its rows several times while it loads (cached page, refetch, references); a cell with the same record in context
 * and the same props has nothing new to show.
 */
export const FieldValue = memo(function FieldValue({
  config,
  name,
  variant = 'show',
}: {
  config: AnyResource;
  name: string;
  /** `summary`: a list row that is itself a link (a phone's simple list), so it holds no link of its own. */
  variant?: 'list' | 'summary' | 'show';
  /** Read by react-admin's `<Labeled>` around show fields. */
  source?: string;
  label?: string;
}) {
  const record = useRecordContext();
  const locale = useActiveLocale();
  const translate = useTranslate();
  const field = fieldOf(config, name);
  if (!record) return null;
  const value = record[name];
  const text = () => valueText(config, name, record, locale, (key, fallback) => translate(key, { _: fallback }));
  switch (field.kind) {
    case 'ref':
      return <ReferenceValue name={name} field={field as RefField} plain={variant === 'summary'} />;
    case 'status':
      return <StatusChip config={config} field={name} value={value} />;
    case 'enum':
      return <EnumValue config={config} name={name} field={field as EnumField} value={value} />;
    case 'money':
      return <span style={{ whiteSpace: 'nowrap' }}>{text()}</span>;
    case 'integer':
      if (field.stars && field.max !== undefined && typeof value === 'number')
        return (
          <span style={{ whiteSpace: 'nowrap' }} data-stars={value}>
            <span aria-hidden style={{ letterSpacing: '0.05em' }}>
              {'★'.repeat(Math.max(0, Math.min(value, field.max)))}
              {'☆'.repeat(Math.max(0, field.max - value))}
            </span>{' '}
            {text()}
          </span>
        );
      return <span>{text()}</span>;
    case 'percent':
      return <span>{text()}</span>;
    case 'boolean':
      return value == null ? null : (
        <Chip
          size="small"
          variant="outlined"
          color={value ? 'success' : 'default'}
          label={translate(value ? 'ra.boolean.true' : 'ra.boolean.false')}
        />
      );
    case 'date':
      return <span>{text()}</span>;
    case 'datetime':
      if (field.countdown && typeof value === 'string') {
        const state = statusField(config);
        const whileIn = field.countdown.whileIn;
        if (!whileIn || (state && whileIn.includes(String(record[state])))) return <Countdown until={value} />;
      }
      return <span style={{ whiteSpace: 'nowrap' }}>{text()}</span>;
    case 'localized':
      return <span>{text()}</span>;
    case 'images': {
      const urls = Array.isArray(value) ? (value as string[]) : [];
      if (!urls.length) return null;
      const shown = variant !== 'show' ? urls.slice(0, 1) : urls;
      const size = variant !== 'show' ? 40 : 160;
      return (
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
          {shown.map((url) => (
            <Box
              key={url}
              component="img"
              {...responsiveImage(url, size)}
              sizes={`${size}px`}
              alt=""
              loading="lazy"
              decoding="async"
              sx={{ width: size, height: size, objectFit: 'cover', borderRadius: 1 }}
            />
          ))}
        </Stack>
      );
    }
    case 'json': {
      if ((field as JsonField).items?.inline && Array.isArray(value))
        return <InlineRows config={config} name={name} field={field as JsonField} record={record} locale={locale} />;
      const words = (field as JsonField).items?.words;
      if (words && Array.isArray(value))
        return (
          <span data-testid={`words-${name}`}>
            {words(value as Record<string, unknown>[], (key, args) => translate(key, args))}
          </span>
        );
      return value == null ? null : (
        // The app's own faces, not the browser's monospace: values hold text in any script (Lao, Thai, Chinese).
        <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', fontFamily: 'inherit' }}>
          {JSON.stringify(value, null, 2)}
        </Box>
      );
    }
    case 'password':
      return null;
    case 'longText':
      return (
        <Box component="span" sx={{ whiteSpace: variant === 'show' ? 'pre-wrap' : undefined }}>
          {variant === 'show' ? String(value ?? '') : text()}
        </Box>
      );
    default:
      return <span>{text()}</span>;
  }
});
