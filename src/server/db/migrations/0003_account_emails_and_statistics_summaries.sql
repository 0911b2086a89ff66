-- Migration 0003_account_emails_and_statistics_summaries: generated from resources/ by `npm run db:migration:new`. Review before committing.

create table "account_emails" (
  "email" text not null,
  "accountKind" text not null,
  "accountId" bigint not null
);
alter table "account_emails" add constraint "account_emails_email_key" unique ("email");
create index "account_emails_accountKind_accountId_idx" on "account_emails" ("accountKind", "accountId");

create table if not exists "stats_partners_daily" (
  "day" date not null,
  "status" text,
  "n" bigint not null default 0
);
create unique index if not exists "stats_partners_daily_key" on "stats_partners_daily" ("day", "status") nulls not distinct;

create table if not exists "stats_orders_daily" (
  "day" date not null,
  "status" text,
  "partnerId" bigint,
  "serviceId" bigint,
  "n" bigint not null default 0,
  "total" bigint not null default 0,
  "commission" bigint not null default 0
);
create unique index if not exists "stats_orders_daily_key" on "stats_orders_daily" ("day", "status", "partnerId", "serviceId") nulls not distinct;

create table if not exists "stats_orders_daily_by_status" (
  "day" date not null,
  "status" text,
  "n" bigint not null default 0,
  "total" bigint not null default 0,
  "commission" bigint not null default 0
);
create unique index if not exists "stats_orders_daily_by_status_key" on "stats_orders_daily_by_status" ("day", "status") nulls not distinct;

create table if not exists "stats_orders_daily_by_status_delta" (
  "day" date not null,
  "status" text,
  "n" bigint not null default 0,
  "total" bigint not null default 0,
  "commission" bigint not null default 0
);

create table if not exists "stats_orders_daily_by_status_partnerId" (
  "day" date not null,
  "status" text,
  "partnerId" bigint,
  "n" bigint not null default 0,
  "total" bigint not null default 0,
  "commission" bigint not null default 0
);
create unique index if not exists "stats_orders_daily_by_status_partnerId_key" on "stats_orders_daily_by_status_partnerId" ("day", "status", "partnerId") nulls not distinct;

create table if not exists "stats_orders_daily_by_status_partnerId_delta" (
  "day" date not null,
  "status" text,
  "partnerId" bigint,
  "n" bigint not null default 0,
  "total" bigint not null default 0,
  "commission" bigint not null default 0
);

insert into "account_emails" ("email", "accountKind", "accountId")
  select lower("email"), 'admin', "id" from "admins" where "email" is not null
  union all
  select lower("email"), 'user', "id" from "users" where "email" is not null
  union all
  select lower("email"), 'partner', "id" from "partners" where "email" is not null;
create or replace function "admins_email_fn"() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'UPDATE' and lower(old."email") is not distinct from lower(new."email") then return null; end if;
  if tg_op <> 'INSERT' then delete from "account_emails" where "accountKind" = 'admin' and "accountId" = old."id"; end if;
  if tg_op <> 'DELETE' and new."email" is not null then
    insert into "account_emails" ("email", "accountKind", "accountId")
      values (lower(new."email"), 'admin', new."id");
  end if;
  return null;
end $fn$;
create or replace trigger "admins_email_trg" after insert or update or delete on "admins"
  for each row execute function "admins_email_fn"();
alter table "admins" enable always trigger "admins_email_trg";

create or replace function "users_email_fn"() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'UPDATE' and lower(old."email") is not distinct from lower(new."email") then return null; end if;
  if tg_op <> 'INSERT' then delete from "account_emails" where "accountKind" = 'user' and "accountId" = old."id"; end if;
  if tg_op <> 'DELETE' and new."email" is not null then
    insert into "account_emails" ("email", "accountKind", "accountId")
      values (lower(new."email"), 'user', new."id");
  end if;
  return null;
end $fn$;
create or replace trigger "users_email_trg" after insert or update or delete on "users"
  for each row execute function "users_email_fn"();
alter table "users" enable always trigger "users_email_trg";

create or replace function "partners_email_fn"() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'UPDATE' and lower(old."email") is not distinct from lower(new."email") then return null; end if;
  if tg_op <> 'INSERT' then delete from "account_emails" where "accountKind" = 'partner' and "accountId" = old."id"; end if;
  if tg_op <> 'DELETE' and new."email" is not null then
    insert into "account_emails" ("email", "accountKind", "accountId")
      values (lower(new."email"), 'partner', new."id");
  end if;
  return null;
end $fn$;
create or replace trigger "partners_email_trg" after insert or update or delete on "partners"
  for each row execute function "partners_email_fn"();
alter table "partners" enable always trigger "partners_email_trg";

create or replace function "stats_partners_daily_fn"() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'UPDATE' then
    if row(old."createdAt", old."status") is not distinct from row(new."createdAt", new."status") then return null; end if;
    if concat_ws('|', timezone('UTC', old."createdAt")::date, old."status") <= concat_ws('|', timezone('UTC', new."createdAt")::date, new."status") then
      insert into "stats_partners_daily" as s ("day", "status", n) values (timezone('UTC', old."createdAt")::date, old."status", -1)
        on conflict ("day", "status") do update set n = s.n + excluded.n;
      insert into "stats_partners_daily" as s ("day", "status", n) values (timezone('UTC', new."createdAt")::date, new."status", 1)
        on conflict ("day", "status") do update set n = s.n + excluded.n;
    else
      insert into "stats_partners_daily" as s ("day", "status", n) values (timezone('UTC', new."createdAt")::date, new."status", 1)
        on conflict ("day", "status") do update set n = s.n + excluded.n;
      insert into "stats_partners_daily" as s ("day", "status", n) values (timezone('UTC', old."createdAt")::date, old."status", -1)
        on conflict ("day", "status") do update set n = s.n + excluded.n;
    end if;
  elsif tg_op = 'INSERT' then
    insert into "stats_partners_daily" as s ("day", "status", n) values (timezone('UTC', new."createdAt")::date, new."status", 1)
      on conflict ("day", "status") do update set n = s.n + excluded.n;
  else
    insert into "stats_partners_daily" as s ("day", "status", n) values (timezone('UTC', old."createdAt")::date, old."status", -1)
      on conflict ("day", "status") do update set n = s.n + excluded.n;
  end if;
  return null;
end $fn$;
create or replace trigger "stats_partners_daily_trg" after insert or update or delete on "partners"
  for each row execute function "stats_partners_daily_fn"();

create or replace function "stats_orders_daily_fn"() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'UPDATE' then
    if row(old."createdAt", old."status", old."partnerId", old."serviceId", old."total", old."commission") is not distinct from row(new."createdAt", new."status", new."partnerId", new."serviceId", new."total", new."commission") then return null; end if;
    if concat_ws('|', timezone('UTC', old."createdAt")::date, old."status", old."partnerId", old."serviceId") <= concat_ws('|', timezone('UTC', new."createdAt")::date, new."status", new."partnerId", new."serviceId") then
      insert into "stats_orders_daily" as s ("day", "status", "partnerId", "serviceId", n, "total", "commission") values (timezone('UTC', old."createdAt")::date, old."status", old."partnerId", old."serviceId", -1, -coalesce(old."total", 0), -coalesce(old."commission", 0))
        on conflict ("day", "status", "partnerId", "serviceId") do update set n = s.n + excluded.n, "total" = s."total" + excluded."total", "commission" = s."commission" + excluded."commission";
      insert into "stats_orders_daily" as s ("day", "status", "partnerId", "serviceId", n, "total", "commission") values (timezone('UTC', new."createdAt")::date, new."status", new."partnerId", new."serviceId", 1, coalesce(new."total", 0), coalesce(new."commission", 0))
        on conflict ("day", "status", "partnerId", "serviceId") do update set n = s.n + excluded.n, "total" = s."total" + excluded."total", "commission" = s."commission" + excluded."commission";
    else
      insert into "stats_orders_daily" as s ("day", "status", "partnerId", "serviceId", n, "total", "commission") values (timezone('UTC', new."createdAt")::date, new."status", new."partnerId", new."serviceId", 1, coalesce(new."total", 0), coalesce(new."commission", 0))
        on conflict ("day", "status", "partnerId", "serviceId") do update set n = s.n + excluded.n, "total" = s."total" + excluded."total", "commission" = s."commission" + excluded."commission";
      insert into "stats_orders_daily" as s ("day", "status", "partnerId", "serviceId", n, "total", "commission") values (timezone('UTC', old."createdAt")::date, old."status", old."partnerId", old."serviceId", -1, -coalesce(old."total", 0), -coalesce(old."commission", 0))
        on conflict ("day", "status", "partnerId", "serviceId") do update set n = s.n + excluded.n, "total" = s."total" + excluded."total", "commission" = s."commission" + excluded."commission";
    end if;
    insert into "stats_orders_daily_by_status_delta" ("day", "status", n, "total", "commission") values (timezone('UTC', old."createdAt")::date, old."status", -1, -coalesce(old."total", 0), -coalesce(old."commission", 0)), (timezone('UTC', new."createdAt")::date, new."status", 1, coalesce(new."total", 0), coalesce(new."commission", 0));
    insert into "stats_orders_daily_by_status_partnerId_delta" ("day", "status", "partnerId", n, "total", "commission") values (timezone('UTC', old."createdAt")::date, old."status", old."partnerId", -1, -coalesce(old."total", 0), -coalesce(old."commission", 0)), (timezone('UTC', new."createdAt")::date, new."status", new."partnerId", 1, coalesce(new."total", 0), coalesce(new."commission", 0));
  elsif tg_op = 'INSERT' then
    insert into "stats_orders_daily" as s ("day", "status", "partnerId", "serviceId", n, "total", "commission") values (timezone('UTC', new."createdAt")::date, new."status", new."partnerId", new."serviceId", 1, coalesce(new."total", 0), coalesce(new."commission", 0))
      on conflict ("day", "status", "partnerId", "serviceId") do update set n = s.n + excluded.n, "total" = s."total" + excluded."total", "commission" = s."commission" + excluded."commission";
    insert into "stats_orders_daily_by_status_delta" ("day", "status", n, "total", "commission") values (timezone('UTC', new."createdAt")::date, new."status", 1, coalesce(new."total", 0), coalesce(new."commission", 0));
    insert into "stats_orders_daily_by_status_partnerId_delta" ("day", "status", "partnerId", n, "total", "commission") values (timezone('UTC', new."createdAt")::date, new."status", new."partnerId", 1, coalesce(new."total", 0), coalesce(new."commission", 0));
  else
    insert into "stats_orders_daily" as s ("day", "status", "partnerId", "serviceId", n, "total", "commission") values (timezone('UTC', old."createdAt")::date, old."status", old."partnerId", old."serviceId", -1, -coalesce(old."total", 0), -coalesce(old."commission", 0))
      on conflict ("day", "status", "partnerId", "serviceId") do update set n = s.n + excluded.n, "total" = s."total" + excluded."total", "commission" = s."commission" + excluded."commission";
    insert into "stats_orders_daily_by_status_delta" ("day", "status", n, "total", "commission") values (timezone('UTC', old."createdAt")::date, old."status", -1, -coalesce(old."total", 0), -coalesce(old."commission", 0));
    insert into "stats_orders_daily_by_status_partnerId_delta" ("day", "status", "partnerId", n, "total", "commission") values (timezone('UTC', old."createdAt")::date, old."status", old."partnerId", -1, -coalesce(old."total", 0), -coalesce(old."commission", 0));
  end if;
  return null;
end $fn$;
create or replace trigger "stats_orders_daily_trg" after insert or update or delete on "orders"
  for each row execute function "stats_orders_daily_fn"();
