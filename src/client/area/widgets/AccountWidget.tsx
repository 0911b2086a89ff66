import { useGetOne } from 'react-admin';
import type { AccountWidget as AccountWidgetConfig } from '../../../core/portal';
import { lazyWithReload } from '../../shell/chunk-reload';
import { useAccount } from '../account';
import { Decision } from './Decision';
import { RecordFields } from './RecordFields';
import { WidgetCard } from './WidgetCard';

// The form and its inputs load only on the screen that edits the account, not on every screen showing it.
const AccountForm = lazyWithReload(() => import('./AccountForm'));

/** The signed-in account: its status with the reason of a refusal, chosen fields, and its editable details. */
export function AccountWidget({ widget }: { widget: AccountWidgetConfig }) {
  const { me, config, principal } = useAccount();
  const { data: record } = useGetOne(config?.name ?? '', { id: me?.id }, { enabled: Boolean(config && me) });
  if (!config || !me) return null;
  return (
    <WidgetCard name={widget.name}>
      {widget.editGroups || widget.editFields ? (
        <AccountForm
          config={config}
          id={me.id}
          principal={principal}
          groups={widget.editGroups}
          fields={widget.editFields}
        />
      ) : (
        <>
          <Decision config={config} record={record ?? (me as Record<string, unknown>)} />
          {record && widget.fields ? <RecordFields config={config} record={record} fields={widget.fields} /> : null}
        </>
      )}
    </WidgetCard>
  );
}
