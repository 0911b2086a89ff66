-- Migration 0008_accounts_verification_and_tokens: generated from resources/ by `npm run db:migration:new`. Review before committing.

alter table "partners" add column "emailVerifiedAt" timestamptz;
-- Accounts made before addresses were verified keep signing in: they count as verified from the day they were made.
update "users" set "emailVerifiedAt" = "createdAt" where "emailVerifiedAt" is null;
update "partners" set "emailVerifiedAt" = "createdAt" where "emailVerifiedAt" is null;
create table "account_tokens" (
  "id" text primary key,
  "purpose" text not null,
  "accountKind" text not null,
  "accountId" bigint not null,
  "createdAt" timestamptz not null default now(),
  "expiresAt" timestamptz not null
);
create index "account_tokens_accountKind_accountId_idx" on "account_tokens" ("accountKind", "accountId");
