import Switch from '@mui/material/Switch';
import { useNotify, useRecordContext, useResourceContext, useTranslate, useUpdate } from 'react-admin';
import type { AnyResource } from '../../../core/resource';
import { useActiveLocale } from '../fields/FieldValue';
import { labels } from '../../../core/labels';
import { recordTitle } from '../../../core/record-title';
import { saveNotice } from '../save-notice';

/**
 * A boolean of `list.toggles` switched in place: saves that one field with the row's version (a stale row
 * answers 409 and the switch stays as stored). Clicks stay in the cell so the row does not open.
 */
export function InlineToggle({ config, name }: { config: AnyResource; name: string }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const locale = useActiveLocale();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record || !resource) return null;
  const checked = Boolean(record[name]);
  const toggle = (value: boolean) => {
    // Not disabled while saving, so the keyboard focus stays on the switch; a second press waits for the first.
    if (isPending) return;
    update(
      resource,
      { id: record.id, data: { [name]: value, version: record.version }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(...saveNotice(translate, resource, 'updated')),
        onError: (error) => notify((error as Error)?.message || 'ra.notification.http_error', { type: 'error' }),
      },
    );
  };
  return (
    <Switch
      size="small"
      checked={checked}
      onClick={(event) => event.stopPropagation()}
      onChange={(_, value) => toggle(value)}
      slotProps={{
        input: {
          role: 'switch',
          'aria-label': `${translate(labels.field(config, name))}: ${recordTitle(config, record, locale)}`,
        },
      }}
      data-testid={`toggle-${name}`}
    />
  );
}
