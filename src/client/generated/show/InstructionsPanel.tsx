import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { formatMoney } from '../../../core/format';
import type { AnyResource, Instructions } from '../../../core/resource';
import type { LanternDataProvider } from '../data-provider';
import { useActiveLocale } from '../fields/FieldValue';

/** Whether the record has, for each field of `when`, that value or one of those values. */
export function applies(when: Instructions['when'], record: Record<string, unknown>): boolean {
  return Object.entries(when).every(([field, value]) =>
    Array.isArray(value) ? value.includes(record[field]) : record[field] === value,
  );
}

function Block({ config, block }: { config: AnyResource; block: Instructions }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const locale = useActiveLocale();
  const dataProvider = useDataProvider<LanternDataProvider>();
  const path = `/${config.name}/${encodeURIComponent(String(record?.id))}/${block.endpoint}`;
  const { data } = useQuery({
    queryKey: ['endpoint', path, record?.version],
    queryFn: () => dataProvider.getJson<Record<string, unknown>>(path),
    enabled: record?.id != null,
  });
  if (!data || !Object.keys(data).length) return null;
  const currency = typeof data.currency === 'string' ? data.currency : undefined;
  const params = Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      typeof value === 'number' && currency ? formatMoney(value, currency, locale) : String(value ?? ''),
    ]),
  );
  return (
    <Alert severity="info" sx={{ whiteSpace: 'pre-line' }} data-testid={`instructions-${block.endpoint}`}>
      {translate(`resources.${config.name}.endpoints.${block.endpoint}.text`, params)}
    </Alert>
  );
}

/**
 * `instructions`: text the record's page shows while the record is in the named state, filled from a record
 * endpoint in the reader's language (how to pay an unpaid order: the bank account, the amount, the code).
 */
export function InstructionsPanel({ config }: { config: AnyResource }) {
  const record = useRecordContext();
  if (!record) return null;
  const blocks = (config.instructions ?? []).filter((block) => applies(block.when, record));
  return blocks.length ? (
    <>
      {blocks.map((block) => (
        <Block key={block.endpoint} config={config} block={block} />
      ))}
    </>
  ) : null;
}
