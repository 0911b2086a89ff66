import type { MouseEvent, ReactNode } from 'react';
import { LinkBase, useBasename, useCreatePath, useRecordContext } from 'react-admin';

/**
 * A list row's first cell as a real link to its record: Tab reaches every row, Enter opens it, and a middle click
 * or "open in new tab" works as on any page. The row's own click does the same, so this one stops there.
 */
export function RecordLink({ route, keyField, children }: { route: string; keyField?: string; children: ReactNode }) {
  const record = useRecordContext();
  const createPath = useCreatePath();
  const basename = useBasename();
  if (!record) return children;
  const to = keyField
    ? `${basename}/${route}/${encodeURIComponent(String(record[keyField]))}`
    : createPath({ resource: route, id: record.id, type: 'show' });
  return (
    <LinkBase
      to={to}
      onClick={(event: MouseEvent) => event.stopPropagation()}
      style={{ color: 'inherit' }}
      data-testid="record-link"
    >
      {children}
    </LinkBase>
  );
}
