import { writableFieldsFor } from '../../../core/access';
import type { AnyResource } from '../../../core/resource';
import { allows, usePermissionMap } from '../permissions';
import { usePrincipal } from '../principal';

/**
 * What the signed-in account may change straight from the list (`list.reorder`, `list.toggles`): only fields
 * it may update, so roles that only read see the plain values. The server checks the same rules again.
 */
export function useInPlaceEdits(config: AnyResource): { reorder?: string; toggles: readonly string[] } {
  const { permissions } = usePermissionMap();
  const { principal } = usePrincipal();
  if (!allows(permissions, config.name, 'update') || config.appendOnly) return { toggles: [] };
  const writable = new Set(writableFieldsFor(config, principal, 'update'));
  const reorder = config.list.reorder && writable.has(config.list.reorder) ? config.list.reorder : undefined;
  return { reorder, toggles: (config.list.toggles ?? []).filter((name) => writable.has(name)) };
}
