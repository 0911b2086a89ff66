-- Migration 0005_team_operations: generated from resources/ by `npm run db:migration:new`. Review before committing.

alter table "refunds" add column "approvals" jsonb;
alter table "withdrawals" add column "approvals" jsonb;
create table "notifications" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "recipientKind" text not null,
  "recipientId" integer not null,
  "event" text not null,
  "resource" text not null,
  "recordId" integer not null,
  "message" text not null,
  "readAt" timestamptz
);
alter table "notifications" add constraint "notifications_recipientKind_check" check ("recipientKind" in ('admin', 'partner', 'user'));
create index "notifications_createdAt_id_idx" on "notifications" ("createdAt", "id");
create index "notifications_event_createdAt_id_idx" on "notifications" ("event", "createdAt", "id");
create index "notifications_recipientKind_recipientId_createdAt_idx" on "notifications" ("recipientKind", "recipientId", "createdAt");
create index "notifications_recipientKind_recipientId_readAt_idx" on "notifications" ("recipientKind", "recipientId", "readAt");
create index "notifications_message_trgm_idx" on "notifications" using gin ("message" gin_trgm_ops);

create table "outbox" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "recipient" text not null,
  "locale" text not null default 'lo',
  "template" text not null,
  "params" jsonb,
  "notificationId" integer,
  "status" text not null default 'pending',
  "attempts" integer default 0,
  "nextAttemptAt" timestamptz,
  "lastError" text,
  "messageId" text,
  "sentAt" timestamptz
);
alter table "outbox" add constraint "outbox_locale_check" check ("locale" in ('lo', 'en', 'vi', 'th', 'zh'));
alter table "outbox" add constraint "outbox_status_check" check ("status" in ('pending', 'sent', 'failed'));
create index "outbox_createdAt_id_idx" on "outbox" ("createdAt", "id");
create index "outbox_status_createdAt_id_idx" on "outbox" ("status", "createdAt", "id");
create index "outbox_template_createdAt_id_idx" on "outbox" ("template", "createdAt", "id");
create index "outbox_status_nextAttemptAt_idx" on "outbox" ("status", "nextAttemptAt");
create index "outbox_recipient_trgm_idx" on "outbox" using gin ("recipient" gin_trgm_ops);
