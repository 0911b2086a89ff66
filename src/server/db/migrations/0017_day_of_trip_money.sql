-- Migration 0017_day_of_trip_money: generated from resources/ by `npm run db:migration:new`. Reviewed.

alter table "orders" add column "noShowAt" timestamptz;
alter table "orders" add column "rescheduledAt" timestamptz;
alter table "refunds" add column "source" text;
alter table "refunds" add constraint "refunds_source_check" check ("source" in ('cancellation', 'complaint', 'customer', 'finance'));
alter table "refunds" add column "termsAmount" bigint;
create index "refunds_source_createdAt_id_idx" on "refunds" ("source", "createdAt", "id");

-- Requests made before sources were kept: a cancellation's and late money's by their reasons, the rest the customer's
-- (finance opened few by hand, and those read as requests still).
update "refunds" set "source" = case
  when "reason" = 'Cancelled by the traveller under the cancellation terms' then 'cancellation'
  when "reason" = 'Paid after its seats were sold again: the payment is refunded' then 'finance'
  else 'customer' end
  where "source" is null;
