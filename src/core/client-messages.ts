type Tree = { [key: string]: unknown };

/** English underneath, the locale's own messages on top: a missing key shows English, never a raw key. */
export function withFallback<T extends object>(own: T, fallback: object): T {
  const merged: Tree = { ...(fallback as Tree) };
  for (const [key, value] of Object.entries(own)) {
    const base = merged[key];
    merged[key] =
      value && typeof value === 'object' && base && typeof base === 'object'
        ? withFallback(value as Tree, base as Tree)
        : value;
  }
  return merged as T;
}

/**
 * What of a locale's messages the apps need. Mail templates (`app.mail.{template}.subject|text`) and notification
 * texts (`app.notifications.events`) are written by the server in the recipient's language and never shown by an
 * app, so the browser build leaves them out of every locale's chunk (a few KB on the wire of every signed-in page).
 */
export function clientMessages<T extends object>(messages: T): T {
  const app = (messages as { app?: Record<string, unknown> }).app;
  if (!app) return messages;
  const mail = app.mail as Record<string, unknown> | undefined;
  const notifications = app.notifications as Record<string, unknown> | undefined;
  const { events: _serverOnly, ...shownNotifications } = notifications ?? {};
  return {
    ...messages,
    app: {
      ...app,
      ...(mail && { mail: Object.fromEntries(Object.entries(mail).filter(([, value]) => typeof value === 'string')) }),
      ...(notifications && { notifications: shownNotifications }),
    },
  };
}
