import resources from '../../../resources/index';
import { matchRoute, type RouteMatch } from '../../core/routes';

/** The full route table, resources included; loaded only by the area and not-found routes. */
export function checkRoute(pathname: string): RouteMatch {
  return matchRoute(pathname, { resources });
}
