import type { ComponentType } from 'react';
import type { Locale } from '../../core/locales';
import type { Area } from '../../core/routes';

export type AreaAppProps = { locale: Locale; area: Area };
type Module<P> = Promise<{ default: ComponentType<P> }>;

/**
 * The areas' apps, apart from the other route chunks: the area gate mounts them and is itself a route chunk,
 * so one table holding both would import itself.
 */
export const areaChunks = {
  admin: (): Module<AreaAppProps> => import('../admin/AdminApp'),
  // The owners' areas (partner portal, customer's area) are one app drawn from each area's config.
  partner: (): Module<AreaAppProps> => import('../area/AreaApp'),
  account: (): Module<AreaAppProps> => import('../area/AreaApp'),
};
