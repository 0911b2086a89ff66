import { startTransition, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ResourceDefinitionContext, type ResourceDefinition, type ResourceDefinitions } from 'react-admin';

const sameDefinition = (a: ResourceDefinition | undefined, b: ResourceDefinition) =>
  a !== undefined &&
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(b).every(([key, value]) => Object.is((a as unknown as Record<string, unknown>)[key], value));

/**
 * react-admin's register of the app's resources, as its own provider keeps it but announced in transitions.
 *
 * react-admin registers every `<Resource>` from an effect, and unregisters and registers them all again whenever
 * its routes are worked out anew (the permissions arriving, say). Each time, its provider's state took a new value:
 * every screen reading the register (the list, the menu, every button that asks what a resource offers) rendered
 * again, in one piece, hundreds of milliseconds on a phone. Here a resource unregistered and registered again in
 * the same commit changes nothing, and a real change renders in slices.
 */
export function ResourceDefinitionsInTransitions({ children }: { children: ReactNode }) {
  const [definitions, setDefinitions] = useState<ResourceDefinitions>({});
  // Unregistered, but maybe registered again by the effect that runs right after the cleanup.
  const leaving = useRef(new Set<string>());
  const register = useCallback((definition: ResourceDefinition) => {
    leaving.current.delete(definition.name);
    startTransition(() =>
      setDefinitions((current) =>
        sameDefinition(current[definition.name], definition) ? current : { ...current, [definition.name]: definition },
      ),
    );
  }, []);
  const unregister = useCallback((definition: ResourceDefinition) => {
    leaving.current.add(definition.name);
    queueMicrotask(() => {
      if (!leaving.current.delete(definition.name)) return;
      startTransition(() =>
        setDefinitions((current) => {
          if (!(definition.name in current)) return current;
          const { [definition.name]: _gone, ...rest } = current;
          return rest;
        }),
      );
    });
  }, []);
  const value = useMemo(() => ({ definitions, register, unregister }), [definitions, register, unregister]);
  return <ResourceDefinitionContext.Provider value={value}>{children}</ResourceDefinitionContext.Provider>;
}
