import { definePortal } from '../src/core/portal';

/** The partner portal's fixed screens (read by src/client/partner); lists and forms come from the resources. */
export default definePortal({
  menu: ['', 'orders', 'services', 'schedules', 'check-in', 'reviews', 'profile', 'revenue'],
  screens: [
    {
      path: '',
      name: 'dashboard',
      icon: 'Dashboard',
      // Money first: what a partner opens the portal for, and drawn by the server before the script (first-paint.ts).
      widgets: [
        {
          kind: 'amounts',
          name: 'revenue',
          endpoint: 'earnings',
          keys: ['thisMonth', 'lastMonth'],
          main: 'thisMonth',
          compare: ['thisMonth', 'lastMonth'],
          width: 'half',
        },
        {
          kind: 'amounts',
          name: 'balance',
          endpoint: 'balance',
          keys: ['available', 'held'],
          main: 'available',
          width: 'half',
        },
        { kind: 'account', name: 'account', width: 'half' },
        {
          kind: 'ownRecord',
          name: 'profile',
          resource: 'partner-profiles',
          fields: ['displayName', 'submittedAt'],
          width: 'half',
        },
        {
          kind: 'list',
          name: 'departuresToday',
          resource: 'schedules',
          filter: { startDate: '$today', status: ['open', 'closed'] },
          sort: ['startDate', 'ASC'],
          fields: ['serviceId', 'seatsBooked', 'capacity', 'status'],
          width: 'half',
        },
        {
          kind: 'list',
          name: 'departuresUpcoming',
          resource: 'schedules',
          filter: { startDate_gte: '$today+1', startDate_lte: '$today+30', status: ['open', 'closed'] },
          sort: ['startDate', 'ASC'],
          fields: ['serviceId', 'startDate', 'seatsBooked', 'capacity'],
          width: 'half',
        },
        {
          kind: 'list',
          name: 'ordersToConfirm',
          resource: 'orders',
          filter: { status: 'paid' },
          sort: ['departureDate', 'ASC'],
          fields: ['code', 'serviceId', 'departureDate', 'quantity', 'total'],
          width: 'half',
        },
        {
          kind: 'list',
          name: 'servicesInReview',
          resource: 'services',
          filter: { status: ['pending', 'rejected'] },
          sort: ['updatedAt', 'DESC'],
          fields: ['title', 'status', 'reason'],
          width: 'half',
        },
      ],
    },
    // The day of the trip (SPEC §15): the guide ticks travellers off as they board, on a phone, signal or not.
    {
      path: 'check-in',
      name: 'checkIn',
      icon: 'FactCheck',
      widgets: [
        {
          kind: 'scan',
          name: 'checkIn',
          resource: 'orders',
          endpoint: 'check-in',
          field: 'code',
          pick: {
            resource: 'schedules',
            // The check-in window, yesterday to tomorrow, as the platform counts days: `$today` is the UTC day, so
            // one more day ahead keeps the platform's tomorrow on offer where it runs ahead of UTC (Asia/Vientiane).
            filter: { startDate_gte: '$today-1', startDate_lte: '$today+2', status: ['open', 'closed'] },
            sort: ['startDate', 'ASC'],
            label: ['startDate', 'serviceId'],
            table: 'manifest',
            // The departure picked goes with each scan: a ticket of another departure is refused, naming its own.
            send: 'scheduleId',
            // The screen opens on today's departure about to leave (or boarding), never on yesterday's.
            preselect: 'startDate',
          },
          // A scan names the traveller and their seats; a ticket scanned before says when it first boarded.
          answer: {
            again: 'alreadyCheckedIn',
            at: 'checkedInAt',
            who: 'traveller',
            items: { list: 'seats', name: 'name', code: 'ticketType', count: 'quantity' },
          },
          width: 'full',
        },
      ],
    },
    {
      path: 'profile',
      name: 'profile',
      icon: 'ManageAccounts',
      widgets: [
        {
          kind: 'ownRecord',
          name: 'proposedProfile',
          resource: 'partner-profiles',
          fields: ['displayName', 'description', 'logo', 'address', 'submittedAt', 'reviewedAt'],
          width: 'half',
        },
        {
          kind: 'account',
          name: 'liveProfile',
          fields: ['displayName', 'description', 'logo', 'address', 'companyName', 'email', 'commissionRate'],
          width: 'half',
        },
        { kind: 'account', name: 'accountDetails', editGroups: ['company', 'bank'], width: 'full' },
        { kind: 'twoFactor', name: 'twoFactor', width: 'full' },
      ],
    },
    {
      path: 'revenue',
      name: 'revenue',
      icon: 'Payments',
      widgets: [
        {
          kind: 'amounts',
          name: 'balance',
          endpoint: 'balance',
          keys: ['completed', 'payouts', 'held', 'available'],
          main: 'available',
          width: 'half',
        },
        {
          kind: 'amounts',
          name: 'earnings',
          endpoint: 'earnings',
          keys: ['gross', 'commission', 'net'],
          main: 'net',
          width: 'half',
        },
        {
          kind: 'chart',
          name: 'earningsChart',
          endpoint: 'earnings',
          series: 'series',
          x: 'period',
          y: ['net', 'commission'],
          width: 'full',
        },
        {
          kind: 'table',
          name: 'byService',
          endpoint: 'earnings',
          rows: 'byService',
          columns: [
            { key: 'title', kind: 'localized' },
            { key: 'orders', kind: 'number' },
            { key: 'gross', kind: 'money' },
            { key: 'commission', kind: 'money' },
            { key: 'net', kind: 'money' },
          ],
          width: 'full',
        },
        {
          kind: 'panel',
          name: 'withdrawals',
          resource: 'withdrawals',
          limits: {
            amount: {
              min: { settings: 'payments', key: 'minWithdrawal' },
              max: { endpoint: 'balance', key: 'available' },
            },
          },
          width: 'full',
        },
        { kind: 'panel', name: 'ledger', resource: 'payments', width: 'full' },
      ],
    },
  ],
});
