import type { AnyResource } from '../src/core/resource';
import admins from './admins';
import auditLog from './audit-log';
import notifications from './notifications';
import outbox from './outbox';
import complaints from './complaints';
import incomingPayments from './incoming-payments';
import orders from './orders';
import partnerProfiles from './partner-profiles';
import partners from './partners';
import payments from './payments';
import provinces from './provinces';
import refunds from './refunds';
import resellers from './resellers';
import reviews from './reviews';
import schedules from './schedules';
import services from './services';
import settings from './settings';
import tourTypes from './tour-types';
import users from './users';
import withdrawals from './withdrawals';

/**
 * Every resource of the product; the generator reads only this list. Referenced resources come first.
 * Each file is checked against its own field names by defineResource; the cast only widens them to the
 * generator's view (TypeScript treats `keyof F` in list configs as contravariant, so no direct assignment).
 */
const resources: readonly AnyResource[] = [
  tourTypes,
  provinces,
  settings,
  admins,
  users,
  partners,
  partnerProfiles,
  resellers,
  services,
  schedules,
  orders,
  incomingPayments,
  refunds,
  withdrawals,
  payments,
  complaints,
  reviews,
  auditLog,
  notifications,
  outbox,
] as unknown as readonly AnyResource[];

export default resources;
