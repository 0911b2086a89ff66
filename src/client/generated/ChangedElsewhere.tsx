import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { Button, useDataProvider, useRefresh, useTranslate } from 'react-admin';
import type { AnyResource } from '../../core/resource';
import { useRegistry } from './context';
import type { LanternDataProvider } from './data-provider';
import { formatDateTime } from '../../core/format';
import { useActiveLocale } from './fields/FieldValue';
import { holdRecord, isOwnWrite, liveEvents } from './live-events';
import { allows, usePermissionMap } from './permissions';

interface Changed {
  version: number;
  at: Date;
  resource: string;
  id: number;
  /** Who, from the audit trail; undefined when this account may not read it (or it says nothing). */
  name?: string;
}

/**
 * Above an open edit form (SPEC §8): once another session changed the record, "Changed by {name} at {time}" with
 * a Reload button, before the user saves (a save would meet the version check and fail). The name comes from the
 * newest audit row of the record (the audit concept's `actorEmail` and `at`, see server/audit.ts) when this
 * account may read the trail, e.g. an admin; a partner, who may not, reads "Changed by someone else". The record
 * is held meanwhile, so live updates do not swap the form's data under the user's hands (live-events.ts).
 */
export function ChangedElsewhere({
  config,
  id,
  version,
  holdAs = id,
}: {
  config: AnyResource;
  id: unknown;
  version: number | undefined;
  /** How the cached copy is keyed when not by id (a keyed settings page). */
  holdAs?: unknown;
}) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  const refresh = useRefresh();
  const registry = useRegistry();
  const dataProvider = useDataProvider<LanternDataProvider>();
  const { permissions } = usePermissionMap();
  const audit = registry.auditLog;
  const readsAudit = Boolean(audit && allows(permissions, audit.name, 'list'));
  const [changed, setChanged] = useState<Changed>();

  useEffect(() => (id === undefined ? undefined : holdRecord(config.name, holdAs)), [config.name, id, holdAs]);
  useEffect(() => {
    if (id === undefined) return undefined;
    let live = true;
    const stop = liveEvents.subscribe({
      change: (change) => {
        if (change.resource !== config.name || String(change.id) !== String(id)) return;
        if (version !== undefined && change.action !== 'delete' && change.version <= version) return;
        if (isOwnWrite(change)) return;
        setChanged({ version: change.version, at: change.at, resource: change.resource, id: change.id });
        if (!readsAudit || !audit) return;
        const query = new URLSearchParams({
          filter: JSON.stringify({ resource: config.name, recordId: id }),
          sort: JSON.stringify(['at', 'DESC']),
          range: '[0,0]',
        });
        dataProvider
          .getJson<Record<string, unknown>[]>(`/${audit.name}?${query}`)
          .then((rows) => {
            const row = rows?.[0];
            if (!live || typeof row?.actorEmail !== 'string') return;
            const name = row.actorEmail;
            const at = typeof row.at === 'string' ? new Date(row.at) : change.at;
            setChanged((current) => (current?.version === change.version ? { ...current, name, at } : current));
          })
          .catch(() => undefined);
      },
    });
    return () => {
      live = false;
      stop();
    };
  }, [config.name, id, version, readsAudit, audit, dataProvider]);

  // The answer to this tab's own save may come after its event: it is not someone else's change either.
  if (!changed || (version !== undefined && changed.version <= version) || isOwnWrite(changed)) return null;
  const time = formatDateTime(changed.at.toISOString(), locale);
  return (
    <Alert
      severity="warning"
      role="alert"
      data-testid="changed-elsewhere"
      sx={{ mb: 2 }}
      action={<Button label="app.live.reload" onClick={() => refresh()} />}
    >
      {changed.name
        ? translate('app.live.changedBy', { name: changed.name, time })
        : translate('app.live.changedBySomeone', { time })}
    </Alert>
  );
}
