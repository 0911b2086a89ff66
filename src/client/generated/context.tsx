import { createContext, useContext, type ReactNode } from 'react';
import type { AnyResource } from '../../core/resource';
import type { AreaEntry, AreaRegistry } from './registry';

const RegistryContext = createContext<AreaRegistry | undefined>(undefined);
const EntryContext = createContext<AreaEntry | undefined>(undefined);

export function RegistryProvider({ registry, children }: { registry: AreaRegistry; children: ReactNode }) {
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

export function EntryProvider({ entry, children }: { entry: AreaEntry; children: ReactNode }) {
  return <EntryContext.Provider value={entry}>{children}</EntryContext.Provider>;
}

export function useRegistry(): AreaRegistry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('The generated views need a RegistryProvider');
  return registry;
}

/** The screen being rendered: its resource config and, for a queue, the queue. */
export function useEntry(): AreaEntry {
  const entry = useContext(EntryContext);
  if (!entry) throw new Error('The generated views need an EntryProvider');
  return entry;
}

export function useConfig(): AnyResource {
  return useEntry().config;
}
