import type { ComponentType } from 'react';
import { HealthWidget } from './HealthWidget';
import { MailWidget } from './MailWidget';

/** Widgets a config may name in `widgets` (shown above its admin list); an unknown name shows nothing. */
export const WIDGETS: Readonly<Record<string, ComponentType>> = {
  health: HealthWidget,
  mail: MailWidget,
};
