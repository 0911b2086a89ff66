-- Migration 0012_day_of_trip: generated from resources/ by `npm run db:migration:new`. Review before committing.

alter table "orders" drop constraint if exists "orders_status_check";
alter table "orders" add constraint "orders_status_check" check ("status" in ('pending_payment', 'paid', 'confirmed', 'completed', 'cancelled', 'refunded', 'expired', 'no_show'));
alter table "orders" add column "checkedInAt" timestamptz;
