/**
 * What the configs' rules answer a customer in the API (SPEC English, part of the contract), keyed by their
 * translation under `app.refusals.` in every locale: the apps read a server's sentence back into its key and show
 * it in the page's language (src/client/generated/i18n-server-messages.ts).
 */
export const REFUSALS = {
  customersOnly: 'Only customers place orders',
  confirmEmailFirst: 'Please confirm your email address first',
  departureNotOpen: 'This departure is not open for booking',
  departureLeft: 'This departure has already left',
  serviceNotBookable: 'This service cannot be booked at the moment',
  notEnoughSeats: 'Not enough seats left',
  seatsLeft: 'Only %{0} seats left',
  soldOut: 'This departure is sold out',
  tooManyHeld: 'You have too many unpaid bookings; pay or cancel one first',
  notRefundable: 'This order cannot be refunded',
  refundWindowPassed: 'The time to ask for a refund on this order has passed',
  nothingToRefund: 'Nothing is left to refund on this order',
  reviewersOnly: 'Only the traveller who booked it reviews a booking',
  reviewNotCompleted: 'A booking can be reviewed once it is completed',
  reviewWindowPassed: 'Reviews are accepted within 90 days of the trip',
  reviewedAlready: 'This booking has a review already',
  repliedAlready: 'This review has a reply already',
  noSuchBooking: 'No booking of yours has this code',
  notPaid: 'This booking is not paid',
  wasCancelled: 'This booking was cancelled',
  hasExpired: 'This booking expired unpaid',
  wasRefunded: 'This booking was refunded',
  wasNoShow: 'This booking was marked as a no-show',
  wasCompleted: 'This booking is completed',
  otherDeparture: 'This ticket is for another departure: %{0}, %{1} at %{2}',
  tripBegun: 'Your trip has begun',
  cancelInstead: 'This trip is still ahead: cancel the booking, and its cancellation terms decide the refund',
  departureBooked: 'This departure has bookings: reschedule it to move them',
  rescheduleLater: 'A departure is moved only to a later time',
  rescheduleFuture: 'The new departure must be in the future',
  checkInNotYet: 'Check-in opens on %{0}, the day before the departure',
  checkInOver: 'Check-in closed on %{0}, the day after the departure',
  notStarted: 'This departure has not started yet',
  alreadyCheckedIn: 'This traveller has checked in',
  noShowUndoOver: 'A no-show can be undone only on the day it was marked',
  ruleDate: 'Please enter a date as YYYY-MM-DD',
  ruleFuture: 'The first day must be after today',
  ruleTooLong: 'A rule spans at most %{0} days',
  ruleTooMany: 'A rule creates at most %{0} departures; this one would create %{1}',
  ruleWeekday: 'Weekdays run from 1 (Monday) to 7 (Sunday)',
  ruleTime: 'Please enter each time as HH:MM, from 00:00 to 23:59',
} as const;

/** A refusal's sentence with its `%{0}`… filled, as the server sends it. */
export function refusal(key: keyof typeof REFUSALS, ...args: (string | number)[]): string {
  return REFUSALS[key].replace(/%\{(\d+)\}/g, (whole, n: string) =>
    Number(n) < args.length ? String(args[+n]) : whole,
  );
}
