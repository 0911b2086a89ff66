import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AnyResource } from '../../../core/resource';

/** Secrets answered once (an API client's key, SPEC §19), waiting for the record page the create goes on to. */
const pending = new Map<string, string>();

/** Keeps the key the create answered for the page of the new record, which shows it once. */
export function keepOnce(resource: string, id: unknown, secret: unknown): void {
  if (typeof secret === 'string' && secret) pending.set(`${resource}/${String(id)}`, secret);
}

/**
 * The key of an API client just created, on its page, once: copied now or never (only its hash is stored). Leaving
 * the page forgets it.
 */
export function OnceSecret({ config }: { config: AnyResource }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const key = `${config.name}/${String(record?.id)}`;
  const [secret] = useState(() => pending.get(key));
  useEffect(() => () => void pending.delete(key), [key]);
  if (!secret) return null;
  return (
    <Alert severity="warning" data-testid="once-secret" sx={{ mx: 2, mt: 1, wordBreak: 'break-all' }}>
      {translate('app.apiKey.once')}
      <br />
      <code data-testid="once-secret-value">{secret}</code>
    </Alert>
  );
}
