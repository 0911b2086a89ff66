import { cancellationTermsText } from '../src/core/cancellation-terms';
import { definePublicSite } from '../src/core/public-site';
import { servicePage } from './services.page.server';

/** The public home page's catalog and the customer and partner sign-up forms (read by src/client/home). */
export default definePublicSite({
  catalog: {
    resource: 'services',
    title: 'title',
    description: 'description',
    images: 'images',
    page: servicePage,
    price: 'price',
    currency: 'currency',
    duration: 'durationDays',
    rating: 'rating',
    reviews: {
      resource: 'reviews',
      field: 'serviceId',
      rating: 'rating',
      text: 'text',
      author: 'reviewerName',
      locale: 'locale',
      date: 'publishedAt',
      reply: 'reply',
    },
    place: 'meetingPoint',
    tickets: { field: 'ticketTypes', code: 'code', name: 'name', price: 'price', minAge: 'minAge', maxAge: 'maxAge' },
    terms: { field: 'cancellationPolicy', words: cancellationTermsText },
    sort: ['id', 'DESC'],
    partner: { field: 'partnerId', resource: 'partners', display: ['displayName', 'companyName'] },
    filters: [
      {
        labelKey: 'tourType',
        anyKey: 'anyTourType',
        field: 'tourTypeId',
        resource: 'tour-types',
        display: 'name',
        sort: 'sortOrder',
      },
      {
        labelKey: 'province',
        anyKey: 'anyProvince',
        field: 'provinceId',
        resource: 'provinces',
        display: 'name',
        sort: 'sortOrder',
      },
    ],
    occurrences: {
      resource: 'schedules',
      field: 'serviceId',
      start: 'startDate',
      time: 'startTime',
      place: 'meetingPoint',
      capacity: 'capacity',
      taken: 'seatsBooked',
      priceOverride: 'priceOverride',
      priceOverrides: 'priceOverrides',
    },
  },
  booking: {
    resource: 'orders',
    occurrence: 'scheduleId',
    seats: 'quantity',
    lines: { field: 'lines', type: 'ticketType', quantity: 'quantity' },
    maxSeats: 50,
    account: { kind: 'user', resource: 'users', area: 'account', path: 'orders' },
    contact: {
      contactName: { from: 'fullName', kind: 'text' },
      contactPhone: { from: 'phone', kind: 'phone' },
      contactEmail: { from: 'email', kind: 'email' },
    },
  },
  accountSignUp: {
    resource: 'users',
    fields: [
      { name: 'fullName', kind: 'text', required: true },
      { name: 'email', kind: 'email', required: true },
      { name: 'phone', kind: 'phone' },
      { name: 'password', kind: 'password', required: true },
    ],
  },
  signUp: {
    resource: 'partners',
    endpoint: 'register',
    fields: [
      { name: 'companyName', kind: 'text', required: true },
      { name: 'contactName', kind: 'text', required: true },
      { name: 'email', kind: 'email', required: true },
      { name: 'phone', kind: 'phone', required: true },
      { name: 'password', kind: 'password', required: true },
    ],
  },
});
