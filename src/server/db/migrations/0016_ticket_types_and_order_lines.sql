-- Migration 0016_ticket_types_and_order_lines: generated from resources/ by `npm run db:migration:new`. Reviewed.

alter table "services" alter column "price" drop not null;
alter table "services" add column "ticketTypes" jsonb;
alter table "schedules" add column "priceOverrides" jsonb;
alter table "orders" alter column "quantity" drop default;
alter table "orders" alter column "quantity" drop not null;
alter table "orders" add column "lines" jsonb;

-- Every service sells one type, the default, at its price: adults, named in each language.
update "services" set "ticketTypes" = jsonb_build_array(jsonb_build_object(
  'code', 'ADULT',
  'name', '{"lo": "ຜູ້ໃຫຍ່", "en": "Adult", "vi": "Người lớn", "th": "ผู้ใหญ่", "zh": "成人"}'::jsonb,
  'price', coalesce("price", 0)))
  where "ticketTypes" is null;
-- Every booking is one line of that type at the price it was booked for.
update "orders" set "lines" = jsonb_build_array(jsonb_build_object(
  'ticketType', 'ADULT',
  'quantity', "quantity",
  'unitPrice', coalesce("unitPrice", "total" / nullif("quantity", 0), 0),
  'name', '{"lo": "ຜູ້ໃຫຍ່", "en": "Adult", "vi": "Người lớn", "th": "ผู้ใหญ่", "zh": "成人"}'::jsonb))
  where "lines" is null and "quantity" is not null;
