-- Migration 0014_order_departure_time_and_place: generated from resources/ by `npm run db:migration:new`, reviewed.

alter table "orders" add column "departureTime" text;
alter table "orders" add column "meetingPoint" jsonb;
-- Orders placed before keep their departure's time and meeting place as they read now.
update "orders" o set "departureTime" = s."startTime", "meetingPoint" = coalesce(s."meetingPoint", v."meetingPoint")
  from "schedules" s join "services" v on v."id" = s."serviceId" where s."id" = o."scheduleId";
