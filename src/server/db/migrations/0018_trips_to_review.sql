-- Migration 0018_trips_to_review: generated from resources/ by `npm run db:migration:new`. Reviewed.

alter table "orders" add column "reviewedAt" timestamptz;

-- Trips reviewed before the order kept it: when their review was written.
update "orders" set "reviewedAt" = "reviews"."createdAt" from "reviews" where "reviews"."orderId" = "orders"."id";
