import { render } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { Admin, TestMemoryRouter, type DataProvider } from 'react-admin';
import type { AnyResource } from '../../src/core/resource';
import { RegistryProvider } from '../../src/client/generated/context';
import { buildRegistry } from '../../src/client/generated/registry';
import { generatedResources } from '../../src/client/generated/resources';
import { signedInAs } from './signed-in';

/** The admin area generated from test-only resources, opened at `path` for one signed-in account. */
export function renderGeneratedAdmin(options: {
  resources: AnyResource[];
  dataProvider: DataProvider;
  me: { permissions: unknown };
  path: string;
}) {
  const registry = buildRegistry(options.resources, 'admin');
  return render(
    <TestMemoryRouter initialEntries={[options.path]}>
      <RegistryProvider registry={registry}>
        <Admin
          dataProvider={options.dataProvider}
          authProvider={signedInAs(options.me)}
          i18nProvider={polyglotI18nProvider(() => englishMessages, 'en', [], { allowMissing: true })}
        >
          {generatedResources(registry)}
        </Admin>
      </RegistryProvider>
    </TestMemoryRouter>,
  );
}
