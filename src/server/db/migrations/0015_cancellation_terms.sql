-- Migration 0015_cancellation_terms: generated from resources/ by `npm run db:migration:new`. Review before committing.

alter table "services" add column "cancellationPolicy" jsonb;
alter table "orders" add column "cancellationPolicy" jsonb;
alter table "orders" add column "refundAmount" bigint;

-- The platform's terms (SPEC §14: full refund until 24 hours before), then every existing service and booking takes
-- them, as a new service does when it states none.
update "settings" set "values" = "values" || '{"cancellationPolicy": [{"hoursBefore": 24, "refundPercent": 100}]}'::jsonb
  where "group" = 'payments' and not ("values" ? 'cancellationPolicy');
update "services" set "cancellationPolicy" = coalesce(
  (select "values" -> 'cancellationPolicy' from "settings" where "group" = 'payments'),
  '[{"hoursBefore": 24, "refundPercent": 100}]'::jsonb)
  where "cancellationPolicy" is null;
update "orders" o set "cancellationPolicy" = s."cancellationPolicy"
  from "services" s where s.id = o."serviceId" and o."cancellationPolicy" is null;
