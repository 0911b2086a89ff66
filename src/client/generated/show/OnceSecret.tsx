import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AnyResource } from '../../../core/resource';

/** Secrets answered once (an API client's key, SPEC §19), waiting for the record page that shows them. */
const pending = new Map<string, string>();
/** The record pages open now, told when their record's secret arrives (a key rotated on the page). */
const listeners = new Map<string, (secret: string) => void>();

/** Keeps the key a create or a rotation answered for the record's page, which shows it once. */
export function keepOnce(resource: string, id: unknown, secret: unknown): void {
  if (typeof secret !== 'string' || !secret) return;
  const key = `${resource}/${String(id)}`;
  pending.set(key, secret);
  listeners.get(key)?.(secret);
}

/**
 * The key of an API client just created or rotated, on its page, once: copied now or never (only its hash is
 * stored). Leaving the page forgets it.
 */
export function OnceSecret({ config }: { config: AnyResource }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const key = `${config.name}/${String(record?.id)}`;
  const [secret, setSecret] = useState(() => pending.get(key));
  useEffect(() => {
    listeners.set(key, setSecret);
    if (pending.has(key)) setSecret(pending.get(key));
    return () => {
      listeners.delete(key);
      pending.delete(key);
    };
  }, [key]);
  if (!secret) return null;
  return (
    <Alert severity="warning" data-testid="once-secret" sx={{ mx: 2, mt: 1, wordBreak: 'break-all' }}>
      {translate('app.apiKey.once')}
      <br />
      <code data-testid="once-secret-value">{secret}</code>
    </Alert>
  );
}
