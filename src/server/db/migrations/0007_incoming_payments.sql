-- Migration 0007_incoming_payments: generated from resources/ by `npm run db:migration:new`. Review before committing.

create table "incoming_payments" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "source" text not null,
  "externalId" text not null,
  "receivedAt" timestamptz not null,
  "amount" bigint not null,
  "currency" text not null,
  "reference" text,
  "orderId" bigint,
  "status" text not null default 'unmatched',
  "problem" text,
  "reason" text
);
alter table "incoming_payments" add constraint "incoming_payments_source_check" check ("source" in ('bank', 'gateway'));
alter table "incoming_payments" add constraint "incoming_payments_status_check" check ("status" in ('matched', 'unmatched', 'assigned', 'ignored'));
alter table "incoming_payments" add constraint "incoming_payments_problem_check" check ("problem" in ('noOrder', 'amountMismatch', 'currencyMismatch', 'notPayable'));
create index "incoming_payments_receivedAt_id_idx" on "incoming_payments" ("receivedAt", "id");
create index "incoming_payments_status_receivedAt_id_idx" on "incoming_payments" ("status", "receivedAt", "id");
create index "incoming_payments_source_receivedAt_id_idx" on "incoming_payments" ("source", "receivedAt", "id");
create index "incoming_payments_problem_receivedAt_id_idx" on "incoming_payments" ("problem", "receivedAt", "id");
create index "incoming_payments_orderId_receivedAt_id_idx" on "incoming_payments" ("orderId", "receivedAt", "id");
create unique index "incoming_payments_source_externalId_key" on "incoming_payments" ("source", "externalId");
create index "incoming_payments_reference_trgm_idx" on "incoming_payments" using gin ("reference" gin_trgm_ops);

alter table "payments" add column "incomingPaymentId" bigint;
alter table "payments" add constraint "payments_incomingPaymentId_fkey" foreign key ("incomingPaymentId") references "incoming_payments" ("id") on delete restrict;
alter table "payments" add column "recordedById" bigint;
alter table "payments" add constraint "payments_recordedById_fkey" foreign key ("recordedById") references "admins" ("id") on delete restrict;
alter table "incoming_payments" add constraint "incoming_payments_orderId_fkey" foreign key ("orderId") references "orders" ("id") on delete restrict;
