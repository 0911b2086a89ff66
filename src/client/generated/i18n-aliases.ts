import type { I18nProvider } from 'react-admin';
import type { AreaRegistry } from './registry';

/**
 * react-admin looks labels up under `resources.{resource}` with the resource being the route
 * (`accounts/user`); the messages are keyed by API name (`users`): this maps the one to the other.
 */
export function withResourceAliases(provider: I18nProvider, registry: AreaRegistry): I18nProvider {
  const routes = registry.entries
    .map((entry) => ({ prefix: `resources.${entry.route}.`, target: `resources.${entry.config.name}.` }))
    .filter((alias) => alias.prefix !== alias.target)
    .sort((a, b) => b.prefix.length - a.prefix.length);
  const alias = (key: string) => {
    if (!key.startsWith('resources.')) return key;
    const match = routes.find((route) => key.startsWith(route.prefix));
    return match ? match.target + key.slice(match.prefix.length) : key;
  };
  return { ...provider, translate: (key, options) => provider.translate(alias(key), options) };
}
