import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { formatMoney } from '../../../core/format';
import type { AnyResource, Instructions } from '../../../core/resource';
import type { LanternDataProvider } from '../data-provider';
import { useActiveLocale } from '../fields/FieldValue';

// The drawing of a bank QR comes with its first payload: screens that never show one do not load the encoder.
const QrCode = lazy(() => import('./QrCode'));
/** The drawn code's side: at least 200 px, as a banking app's camera reads it from a phone held at arm's length. */
const QR_SIZE = 232;

/** Whether the record has, for each field of `when`, that value or one of those values. */
export function applies(when: Instructions['when'], record: Record<string, unknown>): boolean {
  return Object.entries(when).every(([field, value]) =>
    Array.isArray(value) ? value.includes(record[field]) : record[field] === value,
  );
}

/**
 * A record endpoint's answer for the record in context, with each value as the text a message shows (numbers as
 * money in the answer's `currency`); it follows the record's version.
 */
export function useEndpointText(
  config: AnyResource,
  endpoint: string,
  /** The record when it is not the one in context (a dialog's form has its own). */
  of?: RaRecord,
  enabled = true,
) {
  const inContext = useRecordContext();
  const record = of ?? inContext;
  const locale = useActiveLocale();
  const dataProvider = useDataProvider<LanternDataProvider>();
  const path = `/${config.name}/${encodeURIComponent(String(record?.id))}/${endpoint}`;
  const { data } = useQuery({
    queryKey: ['endpoint', path, record?.version],
    queryFn: () => dataProvider.getJson<Record<string, unknown>>(path),
    enabled: enabled && record?.id != null,
  });
  if (!data || !Object.keys(data).length) return undefined;
  const currency = typeof data.currency === 'string' ? data.currency : undefined;
  const params = Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      typeof value === 'number' && currency ? formatMoney(value, currency, locale) : String(value ?? ''),
    ]),
  );
  return { data, params };
}

/** A value copied to the clipboard by a tap, saying so for a moment. */
function CopyButton({ name, value }: { name: string; value: string }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const label = translate(copied ? 'app.copy.done' : 'app.copy.action', { value });
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        data-copy={name}
        sx={{ width: 40, height: 40, verticalAlign: 'middle', mx: 0.25 }}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(
            () => {
              setCopied(true);
              setTimeout(() => setCopied(false), 2000);
            },
            () => undefined,
          );
        }}
      >
        {copied ? <CheckIcon fontSize="small" /> : <ContentCopyIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}

/** Marks a value's place in a translated text: characters no message or value holds. */
const MARK = '\u0000';

/**
 * The text with each value of the answer kept whole (a number or a code never breaks inside), and a copy button
 * after each of `copy`.
 */
function TextWithValues({
  text,
  params,
  copy,
}: {
  text: string;
  params: Record<string, string>;
  copy: readonly string[];
}) {
  const parts = text.split(MARK);
  return (
    <>
      {parts.map((part, index) => {
        if (index % 2 === 0) return part;
        const value = params[part] ?? '';
        return (
          <Fragment key={index}>
            <Box component="span" data-value={part} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
              {value}
            </Box>
            {copy.includes(part) && value ? <CopyButton name={part} value={value} /> : null}
          </Fragment>
        );
      })}
    </>
  );
}

function Block({ config, block }: { config: AnyResource; block: Instructions }) {
  const translate = useTranslate();
  const answer = useEndpointText(config, block.endpoint);
  if (!answer) return null;
  const marked = Object.fromEntries(Object.keys(answer.params).map((key) => [key, `${MARK}${key}${MARK}`]));
  const text = translate(`resources.${config.name}.endpoints.${block.endpoint}.text`, marked);
  const payload = block.qr ? answer.data[block.qr.payload] : undefined;
  const details = <TextWithValues text={text} params={answer.params} copy={block.copy ?? []} />;
  return (
    <Alert
      severity="info"
      sx={{ whiteSpace: 'pre-line', '& .MuiAlert-message': { flexGrow: 1 } }}
      data-testid={`instructions-${block.endpoint}`}
    >
      {typeof payload === 'string' && payload ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'center', sm: 'flex-start' }}>
          <ScanToPay
            payload={payload}
            caption={translate(`resources.${config.name}.endpoints.${block.endpoint}.scan`)}
            amount={block.qr?.amount ? answer.params[block.qr.amount] : undefined}
          />
          <Box sx={{ alignSelf: 'stretch' }}>{details}</Box>
        </Stack>
      ) : (
        details
      )}
    </Alert>
  );
}

/** A bank QR that pays the record, with its quiet zone, what to do with it and the amount it pays. */
function ScanToPay({ payload, caption, amount }: { payload: string; caption: string; amount?: string }) {
  return (
    <Stack component="figure" alignItems="center" spacing={1} sx={{ m: 0 }} data-testid="instructions-qr">
      {/* The space it takes is kept while the drawing loads, so the details beside it do not move. */}
      <Suspense fallback={<Box sx={{ width: QR_SIZE, height: QR_SIZE, bgcolor: '#fff', borderRadius: 1 }} />}>
        <QrCode value={payload} size={QR_SIZE} label={caption} testId="payment-qr" />
      </Suspense>
      <Typography component="figcaption" variant="body2" sx={{ textAlign: 'center', whiteSpace: 'normal' }}>
        {caption}
        {amount ? (
          <Box component="span" data-testid="qr-amount" sx={{ display: 'block', fontWeight: 700, fontSize: '1.25rem' }}>
            {amount}
          </Box>
        ) : null}
      </Typography>
    </Stack>
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
