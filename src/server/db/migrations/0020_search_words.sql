-- Migration 0020_search_words: generated from resources/ by `npm run db:migration:new`. Reviewed.

alter table "tour_types" add column "search_pairs" text[];
create index "tour_types_search_pairs_idx" on "tour_types" using gin ("search_pairs");
alter table "provinces" add column "search_pairs" text[];
create index "provinces_search_pairs_idx" on "provinces" using gin ("search_pairs");
alter table "admins" add column "search_pairs" text[];
create index "admins_search_pairs_idx" on "admins" using gin ("search_pairs");
alter table "users" add column "search_pairs" text[];
create index "users_search_pairs_idx" on "users" using gin ("search_pairs");
alter table "partners" add column "search_pairs" text[];
create index "partners_search_pairs_idx" on "partners" using gin ("search_pairs");
alter table "partner_profiles" add column "search_pairs" text[];
create index "partner_profiles_search_pairs_idx" on "partner_profiles" using gin ("search_pairs");
alter table "services" add column "search_pairs" text[];
create index "services_search_pairs_idx" on "services" using gin ("search_pairs");
alter table "orders" add column "search_pairs" text[];
create index "orders_search_pairs_idx" on "orders" using gin ("search_pairs");
alter table "incoming_payments" add column "search_pairs" text[];
create index "incoming_payments_search_pairs_idx" on "incoming_payments" using gin ("search_pairs");
alter table "refunds" add column "search_pairs" text[];
create index "refunds_search_pairs_idx" on "refunds" using gin ("search_pairs");
alter table "withdrawals" add column "search_pairs" text[];
create index "withdrawals_search_pairs_idx" on "withdrawals" using gin ("search_pairs");
alter table "payments" add column "search_pairs" text[];
create index "payments_search_pairs_idx" on "payments" using gin ("search_pairs");
alter table "complaints" add column "search_pairs" text[];
create index "complaints_search_pairs_idx" on "complaints" using gin ("search_pairs");
alter table "reviews" add column "search_pairs" text[];
create index "reviews_search_pairs_idx" on "reviews" using gin ("search_pairs");
alter table "audit_log" add column "search_pairs" text[];
create index "audit_log_search_pairs_idx" on "audit_log" using gin ("search_pairs");
alter table "notifications" add column "search_pairs" text[];
create index "notifications_search_pairs_idx" on "notifications" using gin ("search_pairs");
alter table "outbox" add column "search_pairs" text[];
create index "outbox_search_pairs_idx" on "outbox" using gin ("search_pairs");
create table "search_words" (
  "tableName" text not null,
  "word" text collate "C" not null,
  "reversed" text collate "C" not null
);
create unique index "search_words_tableName_word_key" on "search_words" ("tableName", "word");
create index "search_words_tableName_reversed_idx" on "search_words" ("tableName", "reversed");

insert into "search_words" ("tableName", "word", "reversed")
  select 'tour_types', word, reverse(word) from (select distinct regexp_split_to_table("search", ' ') word from "tour_types") words
  where char_length(word) between 4 and 200
  on conflict do nothing;
insert into "search_words" ("tableName", "word", "reversed")
  select 'provinces', word, reverse(word) from (select distinct regexp_split_to_table("search", ' ') word from "provinces") words
  where char_length(word) between 4 and 200
  on conflict do nothing;
insert into "search_words" ("tableName", "word", "reversed")
  select 'admins', word, reverse(word) from (select distinct regexp_split_to_table("search", ' ') word from "admins") words
  where char_length(word) between 4 and 200
  on conflict do nothing;
insert into "search_words" ("tableName", "word", "reversed")
  select 'users', word, reverse(word) from (select distinct regexp_split_to_table("search", ' ') word from "users") words
  where char_length(word) between 4 and 200
  on conflict do nothing;
insert into "search_words" ("tableName", "word", "reversed")
  select 'partners', word, reverse(word) from (select distinct regexp_split_to_table("search", ' ') word from "partners") words
  where char_length(word) between 4 and 200
  on conflict do nothing;
insert into "search_words" ("tableName", "word", "reversed")
  select 'partner_profiles', word, reverse(word) from (select distinct regexp_split_to_table("search", ' ') word from "partner_profiles") words
  where char_length(word) between 4 and 200
  on conflict do nothing;
insert into "search_words" ("tableName", "word", "reversed")
  select 'services', word, reverse(word) from (select distinct regexp_split_to_table("search", ' ') word from "services") words
  where char_length(word) between 4 and 200
  on conflict do nothing;
insert into "search_words" ("tableName", "word", "reversed")
  select 'orders', word, reverse(word) from (select distinct regexp_split_to_table("search", ' ') word from "orders") words
  where char_length(word) between 4 and 200
  on conflict do nothing;
insert into "search_words" ("tableName", "word", "reversed")
  select 'incoming_payments', word, reverse(word) from (select distinct regexp_split_to_table("search", ' ') word from "incoming_payments") words
  where char_length(word) between 4 and 200
  on conflict do nothing;
insert into "search_words" ("tableName", "word", "reversed")
  select 'refunds', word, reverse(word) from (select distinct regexp_split_to_table("search", ' ') word from "refunds") words
  where char_length(word) between 4 and 200
  on conflict do nothing;
insert into "search_words" ("tableName", "word", "reversed")
  select 'withdrawals', word, reverse(word) from (select distinct regexp_split_to_table("search", ' ') word from "withdrawals") words
  where char_length(word) between 4 and 200
  on conflict do nothing;
insert into "search_words" ("tableName", "word", "reversed")
  select 'payments', word, reverse(word) from (select distinct regexp_split_to_table("search", ' ') word from "payments") words
  where char_length(word) between 4 and 200
  on conflict do nothing;
insert into "search_words" ("tableName", "word", "reversed")
  select 'complaints', word, reverse(word) from (select distinct regexp_split_to_table("search", ' ') word from "complaints") words
  where char_length(word) between 4 and 200
  on conflict do nothing;
insert into "search_words" ("tableName", "word", "reversed")
  select 'reviews', word, reverse(word) from (select distinct regexp_split_to_table("search", ' ') word from "reviews") words
  where char_length(word) between 4 and 200
  on conflict do nothing;
insert into "search_words" ("tableName", "word", "reversed")
  select 'audit_log', word, reverse(word) from (select distinct regexp_split_to_table("search", ' ') word from "audit_log") words
  where char_length(word) between 4 and 200
  on conflict do nothing;
insert into "search_words" ("tableName", "word", "reversed")
  select 'notifications', word, reverse(word) from (select distinct regexp_split_to_table("search", ' ') word from "notifications") words
  where char_length(word) between 4 and 200
  on conflict do nothing;
insert into "search_words" ("tableName", "word", "reversed")
  select 'outbox', word, reverse(word) from (select distinct regexp_split_to_table("search", ' ') word from "outbox") words
  where char_length(word) between 4 and 200
  on conflict do nothing;
create or replace function "tour_types_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."name"->>'lo', new."name"->>'en', new."name"->>'vi', new."name"->>'th', new."name"->>'zh')) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."code"::text)) || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'tour_types', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "tour_types_search" before insert or update of "code", "name", "search" on "tour_types"
  for each row execute function "tour_types_search"();
alter table "tour_types" enable always trigger "tour_types_search";

create or replace function "provinces_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."name"->>'lo', new."name"->>'en', new."name"->>'vi', new."name"->>'th', new."name"->>'zh')) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."code"::text)) || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'provinces', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "provinces_search" before insert or update of "code", "name", "search" on "provinces"
  for each row execute function "provinces_search"();
alter table "provinces" enable always trigger "provinces_search";

create or replace function "admins_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."fullName"::text)) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."email"::text)) || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'admins', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "admins_search" before insert or update of "email", "fullName", "search" on "admins"
  for each row execute function "admins_search"();
alter table "admins" enable always trigger "admins_search";

create or replace function "users_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."fullName"::text)) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."email"::text, new."phone"::text)) || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'users', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "users_search" before insert or update of "email", "fullName", "phone", "search" on "users"
  for each row execute function "users_search"();
alter table "users" enable always trigger "users_search";

create or replace function "partners_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."companyName"::text)) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."contactName"::text, new."email"::text)) || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'partners', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "partners_search" before insert or update of "companyName", "contactName", "email", "search" on "partners"
  for each row execute function "partners_search"();
alter table "partners" enable always trigger "partners_search";

create or replace function "partner_profiles_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."displayName"::text)) || ' | ' || "lantern_search_fold"('') || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'partner_profiles', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "partner_profiles_search" before insert or update of "displayName", "search" on "partner_profiles"
  for each row execute function "partner_profiles_search"();
alter table "partner_profiles" enable always trigger "partner_profiles_search";

create or replace function "services_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."title"->>'lo', new."title"->>'en', new."title"->>'vi', new."title"->>'th', new."title"->>'zh')) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."description"->>'lo', new."description"->>'en', new."description"->>'vi', new."description"->>'th', new."description"->>'zh', (select concat_ws(' ', target."name"->>'lo', target."name"->>'en', target."name"->>'vi', target."name"->>'th', target."name"->>'zh') from "provinces" target where target."id" = new."provinceId"), (select concat_ws(' ', target."name"->>'lo', target."name"->>'en', target."name"->>'vi', target."name"->>'th', target."name"->>'zh') from "tour_types" target where target."id" = new."tourTypeId"))) || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'services', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "services_search" before insert or update of "title", "description", "provinceId", "tourTypeId", "search" on "services"
  for each row execute function "services_search"();
alter table "services" enable always trigger "services_search";

create or replace function "orders_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."code"::text)) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."contactName"::text, new."contactEmail"::text)) || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'orders', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "orders_search" before insert or update of "code", "contactName", "contactEmail", "search" on "orders"
  for each row execute function "orders_search"();
alter table "orders" enable always trigger "orders_search";

create or replace function "incoming_payments_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"('') || ' | ' || "lantern_search_fold"(concat_ws(' ', new."reference"::text)) || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'incoming_payments', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "incoming_payments_search" before insert or update of "reference", "search" on "incoming_payments"
  for each row execute function "incoming_payments_search"();
alter table "incoming_payments" enable always trigger "incoming_payments_search";

create or replace function "refunds_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"('') || ' | ' || "lantern_search_fold"(concat_ws(' ', new."reason"::text)) || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'refunds', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "refunds_search" before insert or update of "reason", "search" on "refunds"
  for each row execute function "refunds_search"();
alter table "refunds" enable always trigger "refunds_search";

create or replace function "withdrawals_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"('') || ' | ' || "lantern_search_fold"(concat_ws(' ', new."reference"::text, new."bankAccountName"::text)) || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'withdrawals', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "withdrawals_search" before insert or update of "reference", "bankAccountName", "search" on "withdrawals"
  for each row execute function "withdrawals_search"();
alter table "withdrawals" enable always trigger "withdrawals_search";

create or replace function "payments_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."reference"::text)) || ' | ' || "lantern_search_fold"('') || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'payments', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "payments_search" before insert or update of "reference", "search" on "payments"
  for each row execute function "payments_search"();
alter table "payments" enable always trigger "payments_search";

create or replace function "complaints_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."subject"::text)) || ' | ' || "lantern_search_fold"(concat_ws(' ', new."message"::text)) || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'complaints', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "complaints_search" before insert or update of "subject", "message", "search" on "complaints"
  for each row execute function "complaints_search"();
alter table "complaints" enable always trigger "complaints_search";

create or replace function "reviews_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"('') || ' | ' || "lantern_search_fold"(concat_ws(' ', new."text"::text)) || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'reviews', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "reviews_search" before insert or update of "text", "search" on "reviews"
  for each row execute function "reviews_search"();
alter table "reviews" enable always trigger "reviews_search";

create or replace function "audit_log_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"('') || ' | ' || "lantern_search_fold"(concat_ws(' ', new."reason"::text, new."actorEmail"::text)) || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'audit_log', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "audit_log_search" before insert or update of "reason", "actorEmail", "search" on "audit_log"
  for each row execute function "audit_log_search"();
alter table "audit_log" enable always trigger "audit_log_search";

create or replace function "notifications_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."message"::text)) || ' | ' || "lantern_search_fold"('') || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'notifications', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "notifications_search" before insert or update of "message", "search" on "notifications"
  for each row execute function "notifications_search"();
alter table "notifications" enable always trigger "notifications_search";

create or replace function "outbox_search"() returns trigger language plpgsql as $fn$
begin
  new."search" := ' ' || "lantern_search_fold"(concat_ws(' ', new."recipient"::text)) || ' | ' || "lantern_search_fold"('') || ' ';
  new."search_pairs" := array(select distinct substr(run, i, 2) from regexp_split_to_table(new."search", '[^\u2e80-\u2fdf\u3040-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+') run, generate_series(1, char_length(run) - 1) i);
  if new."search" is distinct from old."search" then
    insert into "search_words" ("tableName", "word", "reversed")
      select 'outbox', word, reverse(word) from (select word from regexp_split_to_table(new."search", ' ') word where char_length(word) between 4 and 200 group by word order by word collate "C") words
      on conflict do nothing;
  end if;
  return new;
end $fn$;
create or replace trigger "outbox_search" before insert or update of "recipient", "search" on "outbox"
  for each row execute function "outbox_search"();
alter table "outbox" enable always trigger "outbox_search";

-- Rows written before: the search triggers fill their pairs (their words are in the dictionary already).
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
