-- Migration 0021_resellers_and_octo: generated from resources/ by `npm run db:migration:new`. Review before committing.

create table "resellers" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "name" text not null,
  "contactEmail" text not null,
  "status" text not null default 'active',
  "apiKeyHash" text,
  "reason" text,
  "search" text,
  "search_pairs" text[]
);
alter table "resellers" add constraint "resellers_status_check" check ("status" in ('active', 'suspended'));
alter table "resellers" add constraint "resellers_apiKeyHash_key" unique ("apiKeyHash");
create index "resellers_createdAt_id_idx" on "resellers" ("createdAt", "id");
create index "resellers_status_createdAt_id_idx" on "resellers" ("status", "createdAt", "id");
create index "resellers_search_trgm_idx" on "resellers" using gin ("search" gin_trgm_ops);
create index "resellers_search_pairs_idx" on "resellers" using gin ("search_pairs");

alter table "orders" add column "resellerId" bigint;
alter table "orders" add constraint "orders_resellerId_fkey" foreign key ("resellerId") references "resellers" ("id") on delete restrict;
alter table "orders" add column "resellerReference" text;
alter table "orders" add column "bookingUuid" text;
alter table "orders" add constraint "orders_bookingUuid_key" unique ("bookingUuid");
alter table "orders" drop constraint if exists "orders_paymentMethod_check";
alter table "orders" add constraint "orders_paymentMethod_check" check ("paymentMethod" in ('bcel_onepay', 'card', 'bank_transfer', 'cash', 'reseller_account'));
create index "orders_resellerId_createdAt_id_idx" on "orders" ("resellerId", "createdAt", "id");
alter table "payments" drop constraint if exists "payments_method_check";
alter table "payments" add constraint "payments_method_check" check ("method" in ('bcel_onepay', 'card', 'bank_transfer', 'cash', 'reseller_account'));
alter table "payments" add column "resellerId" bigint;
alter table "payments" add constraint "payments_resellerId_fkey" foreign key ("resellerId") references "resellers" ("id") on delete restrict;
create index "payments_resellerId_createdAt_id_idx" on "payments" ("resellerId", "createdAt", "id");
create or replace function "resellers_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."name"::text)) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."contactEmail"::text)) || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'resellers', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "resellers_search" before insert or update of "name", "contactEmail", "search" on "resellers"
  for each row execute function "resellers_search"();
alter table "resellers" enable always trigger "resellers_search";

create or replace function "orders_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."code"::text)) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."contactName"::text, new."contactEmail"::text, new."resellerReference"::text)) || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'orders', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "orders_search" before insert or update of "code", "contactName", "contactEmail", "resellerReference", "search" on "orders"
  for each row execute function "orders_search"();
alter table "orders" enable always trigger "orders_search";
