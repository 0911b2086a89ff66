import { useGetOne, useRecordFromLocation, useTranslate, type Identifier } from 'react-admin';
import type { RefField } from '../../core/fields';
import { labels } from '../../core/labels';
import { recordTitle } from '../../core/record-title';
import type { AnyResource } from '../../core/resource';
import { useRegistry } from './context';
import { useActiveLocale } from './fields/FieldValue';

/** The record reached from `id` of `config`'s reference `path[0]` through the rest, titled into the message. */
function AboutTitle({
  config,
  path,
  id,
  message,
  fallback,
}: {
  config: AnyResource;
  path: readonly string[];
  id: Identifier;
  message: string;
  fallback: string;
}) {
  const registry = useRegistry();
  const locale = useActiveLocale();
  const translate = useTranslate();
  const field = config.fields[path[0]] as RefField | undefined;
  const target = field?.kind === 'ref' ? registry.config(field.reference) : undefined;
  const route = field?.kind === 'ref' ? (registry.routeOf(field.reference) ?? field.reference) : '';
  const { data } = useGetOne(route, { id }, { enabled: Boolean(target) });
  if (!target || !data) return <>{fallback}</>;
  const [, next, ...rest] = path;
  if (next !== undefined && data[next] != null)
    return <AboutTitle config={target} path={[next, ...rest]} id={data[next]} message={message} fallback={fallback} />;
  return <>{translate(message, { title: recordTitle(target, data, locale), _: fallback })}</>;
}

/**
 * The create page's title: what the form is about when it starts from a reference its config names (`create.about`:
 * "How was Sunset cruise?"), else "Create {name}".
 */
export function CreateTitle({ config }: { config: AnyResource }) {
  const translate = useTranslate();
  const source = useRecordFromLocation();
  const fallback = translate('ra.page.create', {
    name: translate(labels.name(config), { smart_count: 1, _: config.name }),
  });
  const about = config.create ? config.create.about : undefined;
  const start = about ? source?.[about[0]] : undefined;
  if (!about || start === undefined || start === null || start === '') return <>{fallback}</>;
  return (
    <AboutTitle
      config={config}
      path={about}
      id={start as Identifier}
      message={labels.createAbout(config)}
      fallback={fallback}
    />
  );
}
