import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { accountEndpointPath } from '../../core/portal-reads';
import { statusField, type AnyResource } from '../../core/resource';
import { useRegistry } from '../generated/context';
import type { LanternDataProvider } from '../generated/data-provider';
import { usePrincipal } from '../generated/principal';

/** The signed-in account and the resource whose rows are accounts of its kind. */
export function useAccount() {
  const registry = useRegistry();
  const { me, principal, isPending } = usePrincipal();
  const config = registry.resources.find((resource) => resource.account?.kind === me?.kind);
  return { me, principal, config, isPending };
}

/** A GET record endpoint of the account's own row (`/api/{account}/{id}/{name}`), cached per account. */
export function useAccountEndpoint<T = Record<string, unknown>>(name: string) {
  const { me, config } = useAccount();
  const dataProvider = useDataProvider<LanternDataProvider>();
  return useQuery({
    queryKey: [config?.name, me?.id, 'endpoint', name],
    queryFn: () => dataProvider.getJson<T>(`/${accountEndpointPath(config!.name, me!.id, name)}`),
    enabled: Boolean(config && me),
  });
}

/** A settings group's values as the account may read them (`/api/settings/{group}` style keyed resources). */
export function useSettingsGroup(group: string | undefined) {
  const registry = useRegistry();
  const store = registry.resources.find((resource) => resource.settingsStore);
  const dataProvider = useDataProvider<LanternDataProvider>();
  return useQuery({
    queryKey: [store?.name, 'group', group],
    queryFn: () => dataProvider.getJson<Record<string, unknown>>(`/${store!.name}/${group}`),
    enabled: Boolean(store && group),
  });
}

/** The field that keeps a decision's reason: where the transitions store their `reason` input. */
export function reasonField(config: AnyResource): string | undefined {
  for (const transition of Object.values(config.workflow?.transitions ?? {})) {
    const inputs = [...(transition.requires ?? []), ...(transition.accepts ?? [])];
    if (!inputs.includes('reason')) continue;
    const target = transition.inputFields?.reason;
    if (target === false) continue;
    const name = target ?? 'reason';
    if (config.fields[name]) return name;
  }
  return undefined;
}

/** The status and the reason to show beside it (only for states a reason-taking transition leads to). */
export function decisionOf(config: AnyResource, record: Record<string, unknown> | undefined) {
  const field = statusField(config);
  const status = field && record ? String(record[field] ?? '') : '';
  const reasonName = reasonField(config);
  const leadsHere = Object.values(config.workflow?.transitions ?? {}).some(
    (transition) =>
      transition.to === status && [...(transition.requires ?? []), ...(transition.accepts ?? [])].includes('reason'),
  );
  const reason = reasonName && record && leadsHere ? record[reasonName] : undefined;
  const tone = config.workflow?.tones?.[status];
  const given = typeof reason === 'string' && reason ? reason : undefined;
  /** The fields the decision draws (the state, and the reason when there is one). */
  const drawn = [field, given ? reasonName : undefined].filter((name): name is string => Boolean(name));
  return { field, status, reason: given, tone, drawn };
}
