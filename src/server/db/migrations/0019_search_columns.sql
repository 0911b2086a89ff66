-- Migration 0019_search_columns: generated from resources/ by `npm run db:migration:new`. Reviewed.

create extension if not exists unaccent;
create or replace function "lantern_search_fold"(text) returns text language sql immutable parallel safe as $fn$
  select btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, normalize(coalesce($1, ''), NFKC))),
    '[\u0009-\u000d\u0020-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007e\u00a0-\u00bf\u00d7\u00f7\u2000-\u206f\u2190-\u23ff\u3000-\u303f]+', ' ', 'g'))
$fn$;

alter table "tour_types" add column "search" text;
drop index if exists "tour_types_code_trgm_idx";
create index "tour_types_search_trgm_idx" on "tour_types" using gin ("search" gin_trgm_ops);
alter table "provinces" add column "search" text;
drop index if exists "provinces_code_trgm_idx";
create index "provinces_search_trgm_idx" on "provinces" using gin ("search" gin_trgm_ops);
alter table "admins" add column "search" text;
drop index if exists "admins_email_trgm_idx";
drop index if exists "admins_fullName_trgm_idx";
create index "admins_search_trgm_idx" on "admins" using gin ("search" gin_trgm_ops);
alter table "users" add column "search" text;
drop index if exists "users_email_trgm_idx";
drop index if exists "users_fullName_trgm_idx";
drop index if exists "users_phone_trgm_idx";
create index "users_search_trgm_idx" on "users" using gin ("search" gin_trgm_ops);
alter table "partners" add column "search" text;
drop index if exists "partners_companyName_trgm_idx";
drop index if exists "partners_contactName_trgm_idx";
drop index if exists "partners_email_trgm_idx";
create index "partners_search_trgm_idx" on "partners" using gin ("search" gin_trgm_ops);
alter table "partner_profiles" add column "search" text;
drop index if exists "partner_profiles_displayName_trgm_idx";
create index "partner_profiles_search_trgm_idx" on "partner_profiles" using gin ("search" gin_trgm_ops);
alter table "services" add column "search" text;
create index "services_search_trgm_idx" on "services" using gin ("search" gin_trgm_ops);
alter table "orders" add column "search" text;
drop index if exists "orders_code_trgm_idx";
drop index if exists "orders_contactName_trgm_idx";
drop index if exists "orders_contactEmail_trgm_idx";
create index "orders_search_trgm_idx" on "orders" using gin ("search" gin_trgm_ops);
alter table "incoming_payments" add column "search" text;
drop index if exists "incoming_payments_reference_trgm_idx";
create index "incoming_payments_search_trgm_idx" on "incoming_payments" using gin ("search" gin_trgm_ops);
alter table "refunds" add column "search" text;
drop index if exists "refunds_reason_trgm_idx";
create index "refunds_search_trgm_idx" on "refunds" using gin ("search" gin_trgm_ops);
alter table "withdrawals" add column "search" text;
drop index if exists "withdrawals_reference_trgm_idx";
drop index if exists "withdrawals_bankAccountName_trgm_idx";
create index "withdrawals_search_trgm_idx" on "withdrawals" using gin ("search" gin_trgm_ops);
alter table "payments" add column "search" text;
drop index if exists "payments_reference_trgm_idx";
create index "payments_search_trgm_idx" on "payments" using gin ("search" gin_trgm_ops);
alter table "complaints" add column "search" text;
drop index if exists "complaints_subject_trgm_idx";
drop index if exists "complaints_message_trgm_idx";
create index "complaints_search_trgm_idx" on "complaints" using gin ("search" gin_trgm_ops);
alter table "reviews" add column "search" text;
drop index if exists "reviews_text_trgm_idx";
create index "reviews_search_trgm_idx" on "reviews" using gin ("search" gin_trgm_ops);
alter table "audit_log" add column "search" text;
drop index if exists "audit_log_reason_trgm_idx";
drop index if exists "audit_log_actorEmail_trgm_idx";
create index "audit_log_search_trgm_idx" on "audit_log" using gin ("search" gin_trgm_ops);
alter table "notifications" add column "search" text;
drop index if exists "notifications_message_trgm_idx";
create index "notifications_search_trgm_idx" on "notifications" using gin ("search" gin_trgm_ops);
alter table "outbox" add column "search" text;
drop index if exists "outbox_recipient_trgm_idx";
create index "outbox_search_trgm_idx" on "outbox" using gin ("search" gin_trgm_ops);
create or replace function "tour_types_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."name"->>'lo', new."name"->>'en', new."name"->>'vi', new."name"->>'th', new."name"->>'zh')) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."code"::text)) || ' ';
  return new;
end $fn$;
create or replace trigger "tour_types_search" before insert or update of "code", "name", "search" on "tour_types"
  for each row execute function "tour_types_search"();
alter table "tour_types" enable always trigger "tour_types_search";

create or replace function "provinces_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."name"->>'lo', new."name"->>'en', new."name"->>'vi', new."name"->>'th', new."name"->>'zh')) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."code"::text)) || ' ';
  return new;
end $fn$;
create or replace trigger "provinces_search" before insert or update of "code", "name", "search" on "provinces"
  for each row execute function "provinces_search"();
alter table "provinces" enable always trigger "provinces_search";

create or replace function "admins_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."fullName"::text)) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."email"::text)) || ' ';
  return new;
end $fn$;
create or replace trigger "admins_search" before insert or update of "email", "fullName", "search" on "admins"
  for each row execute function "admins_search"();
alter table "admins" enable always trigger "admins_search";

create or replace function "users_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."fullName"::text)) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."email"::text, new."phone"::text)) || ' ';
  return new;
end $fn$;
create or replace trigger "users_search" before insert or update of "email", "fullName", "phone", "search" on "users"
  for each row execute function "users_search"();
alter table "users" enable always trigger "users_search";

create or replace function "partners_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."companyName"::text)) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."contactName"::text, new."email"::text)) || ' ';
  return new;
end $fn$;
create or replace trigger "partners_search" before insert or update of "companyName", "contactName", "email", "search" on "partners"
  for each row execute function "partners_search"();
alter table "partners" enable always trigger "partners_search";

create or replace function "partner_profiles_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."displayName"::text)) || ' | ' || "lantern_search_fold"('') || ' ';
  return new;
end $fn$;
create or replace trigger "partner_profiles_search" before insert or update of "displayName", "search" on "partner_profiles"
  for each row execute function "partner_profiles_search"();
alter table "partner_profiles" enable always trigger "partner_profiles_search";

create or replace function "services_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."title"->>'lo', new."title"->>'en', new."title"->>'vi', new."title"->>'th', new."title"->>'zh')) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."description"->>'lo', new."description"->>'en', new."description"->>'vi', new."description"->>'th', new."description"->>'zh', (select concat_ws(' ', target."name"->>'lo', target."name"->>'en', target."name"->>'vi', target."name"->>'th', target."name"->>'zh') from "provinces" target where target."id" = new."provinceId"), (select concat_ws(' ', target."name"->>'lo', target."name"->>'en', target."name"->>'vi', target."name"->>'th', target."name"->>'zh') from "tour_types" target where target."id" = new."tourTypeId"))) || ' ';
  return new;
end $fn$;
create or replace trigger "services_search" before insert or update of "title", "description", "provinceId", "tourTypeId", "search" on "services"
  for each row execute function "services_search"();
alter table "services" enable always trigger "services_search";

create or replace function "orders_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."code"::text)) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."contactName"::text, new."contactEmail"::text)) || ' ';
  return new;
end $fn$;
create or replace trigger "orders_search" before insert or update of "code", "contactName", "contactEmail", "search" on "orders"
  for each row execute function "orders_search"();
alter table "orders" enable always trigger "orders_search";

create or replace function "incoming_payments_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"('') || ' | ' || "lantern_search_fold"(concat_ws(' ', new."reference"::text)) || ' ';
  return new;
end $fn$;
create or replace trigger "incoming_payments_search" before insert or update of "reference", "search" on "incoming_payments"
  for each row execute function "incoming_payments_search"();
alter table "incoming_payments" enable always trigger "incoming_payments_search";

create or replace function "refunds_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"('') || ' | ' || "lantern_search_fold"(concat_ws(' ', new."reason"::text)) || ' ';
  return new;
end $fn$;
create or replace trigger "refunds_search" before insert or update of "reason", "search" on "refunds"
  for each row execute function "refunds_search"();
alter table "refunds" enable always trigger "refunds_search";

create or replace function "withdrawals_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"('') || ' | ' || "lantern_search_fold"(concat_ws(' ', new."reference"::text, new."bankAccountName"::text)) || ' ';
  return new;
end $fn$;
create or replace trigger "withdrawals_search" before insert or update of "reference", "bankAccountName", "search" on "withdrawals"
  for each row execute function "withdrawals_search"();
alter table "withdrawals" enable always trigger "withdrawals_search";

create or replace function "payments_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."reference"::text)) || ' | ' || "lantern_search_fold"('') || ' ';
  return new;
end $fn$;
create or replace trigger "payments_search" before insert or update of "reference", "search" on "payments"
  for each row execute function "payments_search"();
alter table "payments" enable always trigger "payments_search";

create or replace function "complaints_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."subject"::text)) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."message"::text)) || ' ';
  return new;
end $fn$;
create or replace trigger "complaints_search" before insert or update of "subject", "message", "search" on "complaints"
  for each row execute function "complaints_search"();
alter table "complaints" enable always trigger "complaints_search";

create or replace function "reviews_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"('') || ' | ' || "lantern_search_fold"(concat_ws(' ', new."text"::text)) || ' ';
  return new;
end $fn$;
create or replace trigger "reviews_search" before insert or update of "text", "search" on "reviews"
  for each row execute function "reviews_search"();
alter table "reviews" enable always trigger "reviews_search";

create or replace function "audit_log_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"('') || ' | ' || "lantern_search_fold"(concat_ws(' ', new."reason"::text, new."actorEmail"::text)) || ' ';
  return new;
end $fn$;
create or replace trigger "audit_log_search" before insert or update of "reason", "actorEmail", "search" on "audit_log"
  for each row execute function "audit_log_search"();
alter table "audit_log" enable always trigger "audit_log_search";

create or replace function "notifications_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."message"::text)) || ' | ' || "lantern_search_fold"('') || ' ';
  return new;
end $fn$;
create or replace trigger "notifications_search" before insert or update of "message", "search" on "notifications"
  for each row execute function "notifications_search"();
alter table "notifications" enable always trigger "notifications_search";

create or replace function "outbox_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."recipient"::text)) || ' | ' || "lantern_search_fold"('') || ' ';
  return new;
end $fn$;
create or replace trigger "outbox_search" before insert or update of "recipient", "search" on "outbox"
  for each row execute function "outbox_search"();
alter table "outbox" enable always trigger "outbox_search";

create or replace function "provinces_services_search"() returns trigger language plpgsql as $fn$
begin
  if old."name" is distinct from new."name" then
    update "services" set "search" = null where "provinceId" = new."id";
  end if;
  return null;
end $fn$;
create or replace trigger "provinces_services_search" after update of "name" on "provinces"
  for each row execute function "provinces_services_search"();
alter table "provinces" enable always trigger "provinces_services_search";

create or replace function "tour_types_services_search"() returns trigger language plpgsql as $fn$
begin
  if old."name" is distinct from new."name" then
    update "services" set "search" = null where "tourTypeId" = new."id";
  end if;
  return null;
end $fn$;
create or replace trigger "tour_types_services_search" after update of "name" on "tour_types"
  for each row execute function "tour_types_services_search"();
alter table "tour_types" enable always trigger "tour_types_services_search";

-- The search text is read by every search of the table: kept in its row (compressed there before anything is moved
-- out of line), so a search reads no TOAST.
alter table "tour_types" alter column "search" set storage main;
alter table "provinces" alter column "search" set storage main;
alter table "admins" alter column "search" set storage main;
alter table "users" alter column "search" set storage main;
alter table "partners" alter column "search" set storage main;
alter table "partner_profiles" alter column "search" set storage main;
alter table "services" alter column "search" set storage main;
alter table "orders" alter column "search" set storage main;
alter table "incoming_payments" alter column "search" set storage main;
alter table "refunds" alter column "search" set storage main;
alter table "withdrawals" alter column "search" set storage main;
alter table "payments" alter column "search" set storage main;
alter table "complaints" alter column "search" set storage main;
alter table "reviews" alter column "search" set storage main;
alter table "audit_log" alter column "search" set storage main;
alter table "notifications" alter column "search" set storage main;
alter table "outbox" alter column "search" set storage main;

-- Rows written before: the search triggers fill their column (a referenced row's text included).
update "tour_types" set "search" = null;
update "provinces" set "search" = null;
update "admins" set "search" = null;
update "users" set "search" = null;
update "partners" set "search" = null;
update "partner_profiles" set "search" = null;
update "services" set "search" = null;
update "orders" set "search" = null;
update "incoming_payments" set "search" = null;
update "refunds" set "search" = null;
update "withdrawals" set "search" = null;
update "payments" set "search" = null;
update "complaints" set "search" = null;
update "reviews" set "search" = null;
update "audit_log" set "search" = null;
update "notifications" set "search" = null;
update "outbox" set "search" = null;
