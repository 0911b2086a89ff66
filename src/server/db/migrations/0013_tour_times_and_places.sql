-- Migration 0013_tour_times_and_places: generated from resources/ by `npm run db:migration:new`, reviewed.

-- A service's meeting point becomes localized: today's text is kept in its partner's language.
alter table "services" rename column "meetingPoint" to "meetingPointText";
alter table "services" add column "meetingPoint" jsonb;
update "services" s set "meetingPoint" = jsonb_build_object(p."locale", s."meetingPointText")
  from "partners" p where p."id" = s."partnerId" and coalesce(s."meetingPointText", '') <> '';
alter table "services" drop column "meetingPointText";
-- Departures created before times existed leave in the morning, the time a day tour usually starts.
alter table "schedules" add column "startTime" text not null default '09:00';
-- Empty: the service's meeting point applies.
alter table "schedules" add column "meetingPoint" jsonb;
