-- Migration 0009_two_factor_sign_in: generated from resources/ by `npm run db:migration:new`. Review before committing.

alter table "settings" drop constraint if exists "settings_group_check";
alter table "settings" add constraint "settings_group_check" check ("group" in ('general', 'commission', 'payments', 'security'));
create table "two_factor" (
  "accountKind" text not null,
  "accountId" bigint not null,
  "secret" text not null,
  "enabledAt" timestamptz,
  "lastStep" bigint,
  "createdAt" timestamptz not null default now()
);
create unique index "two_factor_accountKind_accountId_key" on "two_factor" ("accountKind", "accountId");

create table "two_factor_recovery_codes" (
  "accountKind" text not null,
  "accountId" bigint not null,
  "codeHash" text not null,
  "usedAt" timestamptz,
  "createdAt" timestamptz not null default now()
);
create index "two_factor_recovery_codes_account_idx" on "two_factor_recovery_codes" ("accountKind", "accountId", "codeHash");

create table "two_factor_challenges" (
  "id" text primary key,
  "accountKind" text not null,
  "accountId" bigint not null,
  "expiresAt" timestamptz not null
);
create index "two_factor_challenges_expiresAt_idx" on "two_factor_challenges" ("expiresAt");

-- Written by hand: an installation that already runs keeps signing in as before (no role needs a second factor)
-- until its operator turns enforcement on in the security settings; a new database (no settings yet) gets the
-- default of resources/settings.ts when the server first starts.
insert into "settings" ("group", "values")
  select 'security', '{"twoFactorRoles": []}'::jsonb
  where exists (select 1 from "settings") and not exists (select 1 from "settings" where "group" = 'security');
