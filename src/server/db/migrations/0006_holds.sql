-- Migration 0006_holds: generated from resources/ by `npm run db:migration:new`. Review before committing.

alter table "users" add column "emailVerifiedAt" timestamptz;
alter table "orders" drop constraint if exists "orders_status_check";
alter table "orders" add constraint "orders_status_check" check ("status" in ('pending_payment', 'paid', 'confirmed', 'completed', 'cancelled', 'refunded', 'expired'));
alter table "orders" add column "holdExpiresAt" timestamptz;
create index "orders_status_holdExpiresAt_idx" on "orders" ("status", "holdExpiresAt");
create index "orders_userId_status_idx" on "orders" ("userId", "status");

-- Customers who signed up before addresses were verified keep booking.
update "users" set "emailVerifiedAt" = "createdAt" where "emailVerifiedAt" is null;
-- Unpaid orders placed before holds existed get one full hold from now on.
update "orders" set "holdExpiresAt" = now() + interval '30 minutes' where "status" = 'pending_payment';
-- The new payment settings, where the stored group does not have them yet.
update "settings" set "values" = '{"holdMinutes": 30, "maxHeldSeats": 10}'::jsonb || "values" where "group" = 'payments';
-- A departure's seatsBooked counts the seats paid for; unpaid orders hold theirs only while their hold runs,
-- counted live (orders.holds).
update "schedules" s set "seatsBooked" = coalesce((
  select sum(o."quantity") from "orders" o
  where o."scheduleId" = s."id" and o."status" in ('paid', 'confirmed', 'completed')), 0);
