import type { Portal } from '../src/core/portal';
import type { Area } from '../src/core/routes';
import customerArea from './customer-area';
import partnerPortal from './partner-portal';

/**
 * The areas drawn from fixed screens of widgets beside the resources' own screens (read by src/client/area and the
 * server's primed pages). The admin has no such screens: its screens are the resources'.
 */
const areas: Partial<Record<Area, Portal>> = { partner: partnerPortal, account: customerArea };

export default areas;
