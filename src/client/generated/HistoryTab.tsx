import { DataTable, ListContextProvider, useGetList, useList, useRecordContext, useTranslate } from 'react-admin';
import type { AnyResource } from '../../core/resource';
import { useRegistry } from './context';
import { FieldValue } from './fields/FieldValue';
import { labels } from '../../core/labels';

/** The audit-log rows of the record in context, newest first, in the audit resource's own list columns. */
export function History({ config }: { config: AnyResource; label?: false }) {
  const registry = useRegistry();
  const record = useRecordContext();
  const translate = useTranslate();
  const audit = registry.auditLog!;
  const auditRoute = registry.routeOf(audit.name) ?? audit.name;
  const { data, isPending, error } = useGetList(
    auditRoute,
    {
      filter: { resource: config.name, recordId: record?.id },
      sort: { field: audit.list.sort[0], order: 'DESC' },
      pagination: { page: 1, perPage: 100 },
    },
    { enabled: record?.id !== undefined },
  );
  const listContext = useList({ data: data ?? [], isPending, resource: auditRoute });
  if (error) return <span>{translate('ra.notification.http_error')}</span>;
  const columns = audit.list.columns.filter((name) => name !== 'resource' && name !== 'recordId');
  return (
    <ListContextProvider value={listContext}>
      <DataTable
        bulkActionButtons={false}
        rowClick={false}
        data-testid="history"
        empty={<span>{translate('app.history.empty', { _: 'No history yet' })}</span>}
      >
        {columns.map((name) => (
          <DataTable.Col key={name} source={name} label={labels.field(audit, name)} disableSort>
            <FieldValue config={audit} name={name} variant="list" />
          </DataTable.Col>
        ))}
      </DataTable>
    </ListContextProvider>
  );
}
