import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense, use, useContext, type ReactNode } from 'react';
import {
  memoryStore,
  ResourceDefinitionContext,
  StoreContextProvider,
  TestTranslationProvider,
  useStore,
  type ResourceDefinition,
  type ResourceDefinitionContextValue,
  type Store,
} from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { AreaLoadingIndicator } from '../../src/client/generated/app/AreaLoadingIndicator';
import { ResourceDefinitionsInTransitions } from '../../src/client/generated/app/ResourceDefinitionsInTransitions';
import { isDiscreteInput, storeInTransitions } from '../../src/client/generated/app/store-in-transitions';

afterEach(cleanup);

/** A promise that never settles: whatever `use`s it suspends for good. */
const never = new Promise<never>(() => {});

describe('the store as the areas hand it to react-admin', () => {
  function Reader() {
    const [value] = useStore('key', 'first');
    // Suspends on the new value: an urgent render would put the fallback up, a transition keeps what is shown.
    if (value === 'second') use(never);
    return <output>{value}</output>;
  }

  function renderReader(store: Store) {
    render(
      <StoreContextProvider value={store}>
        <Suspense fallback={<span>waiting</span>}>
          <Reader />
        </Suspense>
      </StoreContextProvider>,
    );
  }

  /** Runs a change as if inside an event of this type the browser dispatched (`window.event`, trusted). */
  async function during(type: string, change: () => void) {
    const event = { type, isTrusted: true } as Event;
    Object.defineProperty(window, 'event', { configurable: true, get: () => event });
    try {
      await act(async () => change());
    } finally {
      Object.defineProperty(window, 'event', { configurable: true, get: () => undefined });
    }
  }

  it('tells its subscribers of a change in a transition: what is on screen stays while the change renders', async () => {
    const store = memoryStore({ key: 'first' });
    const inTransitions = storeInTransitions(store);
    renderReader(inTransitions);
    expect(screen.getByRole('status').textContent).toBe('first');
    await act(async () => inTransitions.setItem('key', 'second'));
    expect(screen.getByRole('status').textContent).toBe('first');
    expect(screen.queryByText('waiting')).toBeNull();
    // The store itself holds the new value, and one wrapper serves each store.
    expect(store.getItem('key')).toBe('second');
    expect(storeInTransitions(store)).toBe(inTransitions);
  });

  it('as react-admin’s own store does, an urgent update shows the fallback (the test above can fail)', async () => {
    const store = memoryStore({ key: 'first' });
    renderReader(store);
    await act(async () => store.setItem('key', 'second'));
    expect(screen.getByText('waiting')).toBeTruthy();
  });

  it('answers a click at once, but not an effect run in the scheduler’s message event, trusted as it is', async () => {
    const inTransitions = storeInTransitions(memoryStore({ key: 'first' }));
    renderReader(inTransitions);
    await during('message', () => inTransitions.setItem('key', 'second'));
    expect(screen.getByRole('status').textContent).toBe('first');
    expect(screen.queryByText('waiting')).toBeNull();
    cleanup();
    const clicked = storeInTransitions(memoryStore({ key: 'first' }));
    renderReader(clicked);
    await during('click', () => clicked.setItem('key', 'second'));
    expect(screen.getByText('waiting')).toBeTruthy();
  });

  it('takes only trusted discrete input for the person’s own', () => {
    expect(isDiscreteInput({ type: 'click', isTrusted: true } as Event)).toBe(true);
    expect(isDiscreteInput({ type: 'keydown', isTrusted: true } as Event)).toBe(true);
    expect(isDiscreteInput({ type: 'click', isTrusted: false } as Event)).toBe(false);
    expect(isDiscreteInput({ type: 'message', isTrusted: true } as Event)).toBe(false);
    expect(isDiscreteInput({ type: 'load', isTrusted: true } as Event)).toBe(false);
    expect(isDiscreteInput(undefined)).toBe(false);
  });
});

describe('the register of an area’s resources', () => {
  const orders: ResourceDefinition = { name: 'orders', hasList: true, hasShow: true, hasEdit: false, hasCreate: false };

  function withRegister(children: (context: ResourceDefinitionContextValue) => ReactNode) {
    const seen: ResourceDefinitionContextValue[] = [];
    function Spy() {
      const context = useContext(ResourceDefinitionContext);
      seen.push(context);
      return <>{children(context)}</>;
    }
    render(
      <ResourceDefinitionsInTransitions>
        <Spy />
      </ResourceDefinitionsInTransitions>,
    );
    return seen;
  }

  it('keeps its value when a resource is unregistered and registered again in one go, as react-admin does', async () => {
    const seen = withRegister((context) => <output>{Object.keys(context.definitions).join(',')}</output>);
    await act(async () => seen.at(-1)!.register(orders));
    expect(screen.getByRole('status').textContent).toBe('orders');
    const registered = seen.at(-1)!.definitions;
    const renders = seen.length;
    await act(async () => {
      seen.at(-1)!.unregister(orders);
      seen.at(-1)!.register({ ...orders });
    });
    expect(seen.length).toBe(renders);
    expect(seen.at(-1)!.definitions).toBe(registered);
  });

  it('forgets a resource unregistered for good, and takes a changed definition', async () => {
    const seen = withRegister((context) => (
      <output>{Object.values(context.definitions).map((d) => `${d.name}:${d.hasEdit}`)}</output>
    ));
    await act(async () => seen.at(-1)!.register(orders));
    await act(async () => seen.at(-1)!.register({ ...orders, hasEdit: true }));
    expect(screen.getByRole('status').textContent).toBe('orders:true');
    await act(async () => seen.at(-1)!.unregister(orders));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('the app bar’s loading indicator', () => {
  it('spins while a query is fetching and leaves the refresh button alone otherwise', async () => {
    const client = new QueryClient();
    const { container } = render(
      <QueryClientProvider client={client}>
        <TestTranslationProvider messages={{ ra: { action: { refresh: 'Refresh' } } }}>
          <AreaLoadingIndicator />
        </TestTranslationProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(container.querySelector('.MuiCircularProgress-root')).toBeNull();
    let answer!: (value: string) => void;
    await act(async () => {
      void client.fetchQuery({
        queryKey: ['slow'],
        queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
      });
    });
    await waitFor(() => expect(container.querySelector('.MuiCircularProgress-root')).not.toBeNull());
    await act(async () => answer('done'));
    await waitFor(() => expect(container.querySelector('.MuiCircularProgress-root')).toBeNull());
  });
});
