import type { NotificationOptions, TranslateFunction } from 'react-admin';

/**
 * The notice after a save, in the reader's words (SPEC §13: "Refund requested", never "Element created"): the
 * resource's own `resources.{name}.notifications.{created|updated}`, else the generic one — the same keys
 * react-admin's own create and edit screens look up, so every save of a resource says the same thing.
 */
export function saveNotice(
  translate: TranslateFunction,
  resource: string,
  what: 'created' | 'updated',
): [string, NotificationOptions] {
  return [
    `resources.${resource}.notifications.${what}`,
    { type: 'info', messageArgs: { smart_count: 1, _: translate(`ra.notification.${what}`, { smart_count: 1 }) } },
  ];
}
