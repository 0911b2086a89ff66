import { definePortal } from '../src/core/portal';

/** Bookings still to come, soonest first: what a traveller opens the area for. */
const UPCOMING = ['pending_payment', 'paid', 'confirmed'];

/** The customer's area (`/{locale}/account`): its fixed screens; bookings, refunds, complaints come from the resources. */
export default definePortal({
  menu: ['', 'orders', 'refunds', 'complaints', 'reviews', 'notifications', 'profile'],
  // An order is something to read and act on (pay, cancel, ask for a refund), not a form: `orders/{id}` is its page.
  recordPage: 'show',
  screens: [
    {
      path: '',
      name: 'myAccount',
      icon: 'Home',
      widgets: [
        {
          kind: 'list',
          name: 'upcomingBookings',
          resource: 'orders',
          filter: { departureDate_gte: '$today', status: UPCOMING },
          sort: ['departureDate', 'ASC'],
          fields: ['serviceId', 'departureDate', 'quantity', 'total', 'status'],
          width: 'full',
        },
        {
          kind: 'list',
          name: 'pastBookings',
          resource: 'orders',
          filter: { departureDate_lte: '$today-1' },
          sort: ['departureDate', 'DESC'],
          fields: ['serviceId', 'departureDate', 'total', 'status'],
          width: 'half',
        },
        {
          kind: 'list',
          name: 'tripsToReview',
          resource: 'orders',
          // Completed, not reviewed yet, and still within the 90 days a review is taken (reviews.effects.ts).
          filter: { status: 'completed', reviewedAt: null, completedAt_gte: '$today-89' },
          sort: ['completedAt', 'DESC'],
          fields: ['serviceId', 'departureDate'],
          followUp: 'writeReview',
          width: 'half',
        },
        {
          kind: 'list',
          name: 'openRequests',
          resource: 'refunds',
          filter: { status: 'pending' },
          sort: ['createdAt', 'DESC'],
          fields: ['orderId', 'amount', 'status'],
          width: 'half',
        },
        {
          kind: 'list',
          name: 'openComplaints',
          resource: 'complaints',
          filter: { status: ['open', 'in_progress'] },
          sort: ['createdAt', 'DESC'],
          fields: ['subject', 'status'],
          width: 'half',
        },
      ],
    },
    {
      path: 'profile',
      name: 'profile',
      icon: 'ManageAccounts',
      widgets: [
        {
          kind: 'account',
          name: 'myDetails',
          fields: ['email', 'pendingEmail', 'fullName', 'phone', 'locale'],
          width: 'half',
        },
        {
          kind: 'account',
          name: 'editProfile',
          // A new email waits in `pendingEmail` until the link mailed to it is opened (users' `account`).
          editFields: ['email', 'fullName', 'phone', 'locale', 'password'],
          width: 'half',
        },
      ],
    },
  ],
});
