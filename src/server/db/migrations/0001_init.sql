-- Migration 0001_init: generated from resources/ by `npm run db:migration:new`. Review before committing.

create table "tour_types" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "code" text not null,
  "name" jsonb not null,
  "sortOrder" integer default 0,
  "active" boolean default true
);
alter table "tour_types" add constraint "tour_types_code_key" unique ("code");
create index "tour_types_sortOrder_id_idx" on "tour_types" ("sortOrder", "id");
create index "tour_types_active_sortOrder_id_idx" on "tour_types" ("active", "sortOrder", "id");

create table "provinces" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "code" text not null,
  "name" jsonb not null,
  "region" text not null default 'central',
  "sortOrder" integer default 0,
  "active" boolean default true
);
alter table "provinces" add constraint "provinces_code_key" unique ("code");
alter table "provinces" add constraint "provinces_region_check" check ("region" in ('north', 'central', 'south'));
create index "provinces_sortOrder_id_idx" on "provinces" ("sortOrder", "id");
create index "provinces_active_sortOrder_id_idx" on "provinces" ("active", "sortOrder", "id");
create index "provinces_region_sortOrder_id_idx" on "provinces" ("region", "sortOrder", "id");

create table "settings" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "group" text not null,
  "values" jsonb not null
);
alter table "settings" add constraint "settings_group_check" check ("group" in ('general', 'commission', 'payments'));
alter table "settings" add constraint "settings_group_key" unique ("group");
create index "settings_group_id_idx" on "settings" ("group", "id");

create table "admins" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "email" text not null,
  "passwordHash" text not null,
  "fullName" text not null,
  "role" text not null default 'support',
  "phone" text,
  "locale" text not null default 'en',
  "status" text not null default 'active',
  "lastLoginAt" timestamptz
);
alter table "admins" add constraint "admins_email_key" unique ("email");
alter table "admins" add constraint "admins_role_check" check ("role" in ('super_admin', 'moderator', 'finance', 'support'));
alter table "admins" add constraint "admins_locale_check" check ("locale" in ('lo', 'en', 'vi', 'th', 'zh'));
alter table "admins" add constraint "admins_status_check" check ("status" in ('active', 'disabled'));
create index "admins_fullName_id_idx" on "admins" ("fullName", "id");
create index "admins_role_fullName_id_idx" on "admins" ("role", "fullName", "id");
create index "admins_status_fullName_id_idx" on "admins" ("status", "fullName", "id");

create table "users" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "email" text not null,
  "passwordHash" text not null,
  "fullName" text not null,
  "phone" text,
  "locale" text not null default 'lo',
  "status" text not null default 'active',
  "lockReason" text,
  "lastLoginAt" timestamptz
);
alter table "users" add constraint "users_email_key" unique ("email");
alter table "users" add constraint "users_locale_check" check ("locale" in ('lo', 'en', 'vi', 'th', 'zh'));
alter table "users" add constraint "users_status_check" check ("status" in ('active', 'locked'));
create index "users_createdAt_id_idx" on "users" ("createdAt", "id");
create index "users_status_createdAt_id_idx" on "users" ("status", "createdAt", "id");
create index "users_locale_createdAt_id_idx" on "users" ("locale", "createdAt", "id");

create table "partners" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "email" text not null,
  "passwordHash" text not null,
  "companyName" text not null,
  "contactName" text not null,
  "phone" text not null,
  "provinceId" bigint,
  "taxId" text,
  "locale" text not null default 'lo',
  "bankName" text,
  "bankAccountName" text,
  "bankAccountNumber" text,
  "commissionRate" numeric(6,3),
  "displayName" text,
  "description" jsonb,
  "logo" jsonb default '[]'::jsonb,
  "address" text,
  "status" text not null default 'pending',
  "reason" text,
  "approvedAt" timestamptz,
  "lastLoginAt" timestamptz
);
alter table "partners" add constraint "partners_email_key" unique ("email");
alter table "partners" add constraint "partners_locale_check" check ("locale" in ('lo', 'en', 'vi', 'th', 'zh'));
alter table "partners" add constraint "partners_status_check" check ("status" in ('pending', 'approved', 'rejected', 'suspended'));
create index "partners_createdAt_id_idx" on "partners" ("createdAt", "id");
create index "partners_status_createdAt_id_idx" on "partners" ("status", "createdAt", "id");
create index "partners_provinceId_createdAt_id_idx" on "partners" ("provinceId", "createdAt", "id");

create table "partner_profiles" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "partnerId" bigint not null,
  "displayName" text not null,
  "description" jsonb not null,
  "logo" jsonb default '[]'::jsonb,
  "address" text,
  "status" text not null default 'draft',
  "reason" text,
  "submittedAt" timestamptz,
  "reviewedAt" timestamptz
);
alter table "partner_profiles" add constraint "partner_profiles_partnerId_key" unique ("partnerId");
alter table "partner_profiles" add constraint "partner_profiles_status_check" check ("status" in ('draft', 'pending', 'approved', 'rejected'));
create index "partner_profiles_submittedAt_id_idx" on "partner_profiles" ("submittedAt", "id");
create index "partner_profiles_status_submittedAt_id_idx" on "partner_profiles" ("status", "submittedAt", "id");
create index "partner_profiles_partnerId_submittedAt_id_idx" on "partner_profiles" ("partnerId", "submittedAt", "id");

create table "services" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "partnerId" bigint not null,
  "title" jsonb not null,
  "description" jsonb,
  "tourTypeId" bigint not null,
  "provinceId" bigint not null,
  "durationDays" integer not null default 1,
  "price" bigint not null,
  "currency" text not null default 'LAK',
  "capacity" integer not null default 10,
  "meetingPoint" text,
  "images" jsonb default '[]'::jsonb,
  "status" text not null default 'draft',
  "reason" text,
  "submittedAt" timestamptz,
  "approvedAt" timestamptz
);
alter table "services" add constraint "services_currency_check" check ("currency" in ('LAK', 'THB', 'VND', 'CNY', 'USD'));
alter table "services" add constraint "services_status_check" check ("status" in ('draft', 'pending', 'approved', 'rejected', 'suspended', 'archived'));
create index "services_updatedAt_id_idx" on "services" ("updatedAt", "id");
create index "services_status_updatedAt_id_idx" on "services" ("status", "updatedAt", "id");
create index "services_partnerId_updatedAt_id_idx" on "services" ("partnerId", "updatedAt", "id");
create index "services_tourTypeId_updatedAt_id_idx" on "services" ("tourTypeId", "updatedAt", "id");
create index "services_provinceId_updatedAt_id_idx" on "services" ("provinceId", "updatedAt", "id");

create table "schedules" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "serviceId" bigint not null,
  "partnerId" bigint,
  "startDate" date not null,
  "endDate" date not null,
  "capacity" integer not null,
  "seatsBooked" integer default 0,
  "priceOverride" bigint,
  "currency" text not null default 'LAK',
  "note" text,
  "status" text not null default 'open',
  "reason" text
);
alter table "schedules" add constraint "schedules_currency_check" check ("currency" in ('LAK', 'THB', 'VND', 'CNY', 'USD'));
alter table "schedules" add constraint "schedules_status_check" check ("status" in ('open', 'closed', 'cancelled'));
create index "schedules_startDate_id_idx" on "schedules" ("startDate", "id");
create index "schedules_status_startDate_id_idx" on "schedules" ("status", "startDate", "id");
create index "schedules_serviceId_startDate_id_idx" on "schedules" ("serviceId", "startDate", "id");
create index "schedules_partnerId_startDate_id_idx" on "schedules" ("partnerId", "startDate", "id");

create table "orders" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "code" text,
  "userId" bigint,
  "partnerId" bigint,
  "serviceId" bigint,
  "scheduleId" bigint not null,
  "departureDate" date,
  "quantity" integer not null default 1,
  "unitPrice" bigint,
  "total" bigint,
  "commissionRate" numeric(6,3),
  "commission" bigint,
  "currency" text not null default 'LAK',
  "contactName" text,
  "contactPhone" text,
  "contactEmail" text,
  "note" text,
  "paymentMethod" text,
  "status" text not null default 'pending_payment',
  "reason" text,
  "paidAt" timestamptz,
  "confirmedAt" timestamptz,
  "completedAt" timestamptz,
  "cancelledAt" timestamptz
);
alter table "orders" add constraint "orders_code_key" unique ("code");
alter table "orders" add constraint "orders_currency_check" check ("currency" in ('LAK', 'THB', 'VND', 'CNY', 'USD'));
alter table "orders" add constraint "orders_paymentMethod_check" check ("paymentMethod" in ('bcel_onepay', 'card', 'bank_transfer', 'cash'));
alter table "orders" add constraint "orders_status_check" check ("status" in ('pending_payment', 'paid', 'confirmed', 'completed', 'cancelled', 'refunded'));
create index "orders_createdAt_id_idx" on "orders" ("createdAt", "id");
create index "orders_status_createdAt_id_idx" on "orders" ("status", "createdAt", "id");
create index "orders_serviceId_createdAt_id_idx" on "orders" ("serviceId", "createdAt", "id");
create index "orders_partnerId_createdAt_id_idx" on "orders" ("partnerId", "createdAt", "id");
create index "orders_userId_createdAt_id_idx" on "orders" ("userId", "createdAt", "id");
create index "orders_departureDate_createdAt_id_idx" on "orders" ("departureDate", "createdAt", "id");
create index "orders_paymentMethod_createdAt_id_idx" on "orders" ("paymentMethod", "createdAt", "id");
create index "orders_partnerId_status_createdAt_idx" on "orders" ("partnerId", "status", "createdAt");
create index "orders_scheduleId_status_idx" on "orders" ("scheduleId", "status");

create table "refunds" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "orderId" bigint not null,
  "userId" bigint,
  "partnerId" bigint,
  "amount" bigint,
  "currency" text not null default 'LAK',
  "reason" text not null,
  "status" text not null default 'pending',
  "rejectionReason" text,
  "decidedAt" timestamptz
);
alter table "refunds" add constraint "refunds_currency_check" check ("currency" in ('LAK', 'THB', 'VND', 'CNY', 'USD'));
alter table "refunds" add constraint "refunds_status_check" check ("status" in ('pending', 'approved', 'rejected'));
create index "refunds_createdAt_id_idx" on "refunds" ("createdAt", "id");
create index "refunds_status_createdAt_id_idx" on "refunds" ("status", "createdAt", "id");
create index "refunds_partnerId_createdAt_id_idx" on "refunds" ("partnerId", "createdAt", "id");
create index "refunds_userId_createdAt_id_idx" on "refunds" ("userId", "createdAt", "id");
create index "refunds_orderId_createdAt_id_idx" on "refunds" ("orderId", "createdAt", "id");
create index "refunds_orderId_status_idx" on "refunds" ("orderId", "status");

create table "withdrawals" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "partnerId" bigint,
  "amount" bigint not null,
  "currency" text not null default 'LAK',
  "bankName" text,
  "bankAccountName" text,
  "bankAccountNumber" text,
  "note" text,
  "status" text not null default 'pending',
  "reason" text,
  "reference" text,
  "decidedAt" timestamptz,
  "paidAt" timestamptz
);
alter table "withdrawals" add constraint "withdrawals_currency_check" check ("currency" in ('LAK', 'THB', 'VND', 'CNY', 'USD'));
alter table "withdrawals" add constraint "withdrawals_status_check" check ("status" in ('pending', 'approved', 'paid', 'rejected', 'cancelled'));
create index "withdrawals_createdAt_id_idx" on "withdrawals" ("createdAt", "id");
create index "withdrawals_status_createdAt_id_idx" on "withdrawals" ("status", "createdAt", "id");
create index "withdrawals_partnerId_createdAt_id_idx" on "withdrawals" ("partnerId", "createdAt", "id");
create index "withdrawals_partnerId_status_idx" on "withdrawals" ("partnerId", "status");

create table "payments" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "kind" text not null,
  "amount" bigint not null,
  "currency" text not null default 'LAK',
  "method" text not null,
  "reference" text,
  "status" text not null default 'completed',
  "orderId" bigint,
  "partnerId" bigint not null,
  "userId" bigint,
  "refundId" bigint,
  "withdrawalId" bigint,
  "note" text
);
alter table "payments" add constraint "payments_kind_check" check ("kind" in ('charge', 'refund', 'payout'));
alter table "payments" add constraint "payments_currency_check" check ("currency" in ('LAK', 'THB', 'VND', 'CNY', 'USD'));
alter table "payments" add constraint "payments_method_check" check ("method" in ('bcel_onepay', 'card', 'bank_transfer', 'cash'));
alter table "payments" add constraint "payments_status_check" check ("status" in ('completed', 'failed'));
create index "payments_createdAt_id_idx" on "payments" ("createdAt", "id");
create index "payments_kind_createdAt_id_idx" on "payments" ("kind", "createdAt", "id");
create index "payments_method_createdAt_id_idx" on "payments" ("method", "createdAt", "id");
create index "payments_status_createdAt_id_idx" on "payments" ("status", "createdAt", "id");
create index "payments_partnerId_createdAt_id_idx" on "payments" ("partnerId", "createdAt", "id");
create index "payments_userId_createdAt_id_idx" on "payments" ("userId", "createdAt", "id");
create index "payments_orderId_createdAt_id_idx" on "payments" ("orderId", "createdAt", "id");
create index "payments_partnerId_kind_createdAt_idx" on "payments" ("partnerId", "kind", "createdAt");
create index "payments_orderId_kind_idx" on "payments" ("orderId", "kind");

create table "complaints" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "orderId" bigint,
  "userId" bigint,
  "partnerId" bigint,
  "category" text not null default 'other',
  "subject" text not null,
  "message" text not null,
  "priority" text not null default 'normal',
  "assigneeId" bigint,
  "status" text not null default 'open',
  "resolution" text,
  "reason" text,
  "resolvedAt" timestamptz
);
alter table "complaints" add constraint "complaints_category_check" check ("category" in ('booking', 'payment', 'service_quality', 'safety', 'refund', 'other'));
alter table "complaints" add constraint "complaints_priority_check" check ("priority" in ('low', 'normal', 'high', 'urgent'));
alter table "complaints" add constraint "complaints_status_check" check ("status" in ('open', 'in_progress', 'resolved', 'dismissed'));
create index "complaints_createdAt_id_idx" on "complaints" ("createdAt", "id");
create index "complaints_status_createdAt_id_idx" on "complaints" ("status", "createdAt", "id");
create index "complaints_priority_createdAt_id_idx" on "complaints" ("priority", "createdAt", "id");
create index "complaints_category_createdAt_id_idx" on "complaints" ("category", "createdAt", "id");
create index "complaints_assigneeId_createdAt_id_idx" on "complaints" ("assigneeId", "createdAt", "id");
create index "complaints_partnerId_createdAt_id_idx" on "complaints" ("partnerId", "createdAt", "id");
create index "complaints_userId_createdAt_id_idx" on "complaints" ("userId", "createdAt", "id");

create table "audit_log" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "actorKind" text not null,
  "actorId" integer,
  "actorEmail" text,
  "actorRole" text,
  "resource" text not null,
  "recordId" integer,
  "action" text not null,
  "from" text,
  "to" text,
  "reason" text,
  "diff" jsonb,
  "at" timestamptz not null
);
alter table "audit_log" add constraint "audit_log_actorKind_check" check ("actorKind" in ('admin', 'partner', 'user', 'public', 'system'));
alter table "audit_log" add constraint "audit_log_actorRole_check" check ("actorRole" in ('super_admin', 'moderator', 'finance', 'support'));
create index "audit_log_at_id_idx" on "audit_log" ("at", "id");
create index "audit_log_resource_at_id_idx" on "audit_log" ("resource", "at", "id");
create index "audit_log_recordId_at_id_idx" on "audit_log" ("recordId", "at", "id");
create index "audit_log_action_at_id_idx" on "audit_log" ("action", "at", "id");
create index "audit_log_actorKind_at_id_idx" on "audit_log" ("actorKind", "at", "id");
create index "audit_log_actorId_at_id_idx" on "audit_log" ("actorId", "at", "id");
create index "audit_log_resource_recordId_at_idx" on "audit_log" ("resource", "recordId", "at");

create table "sessions" (
  "id" text primary key,
  "accountKind" text not null,
  "accountId" bigint not null,
  "createdAt" timestamptz not null default now(),
  "expiresAt" timestamptz not null,
  "lastSeenAt" timestamptz not null default now()
);
create index "sessions_accountKind_accountId_idx" on "sessions" ("accountKind", "accountId");

create table "login_attempts" (
  "key" text not null,
  "at" timestamptz not null default now()
);
create index "login_attempts_key_at_idx" on "login_attempts" ("key", "at");

alter table "partners" add constraint "partners_provinceId_fkey" foreign key ("provinceId") references "provinces" ("id") on delete restrict;
alter table "partner_profiles" add constraint "partner_profiles_partnerId_fkey" foreign key ("partnerId") references "partners" ("id") on delete restrict;
alter table "services" add constraint "services_partnerId_fkey" foreign key ("partnerId") references "partners" ("id") on delete restrict;
alter table "services" add constraint "services_tourTypeId_fkey" foreign key ("tourTypeId") references "tour_types" ("id") on delete restrict;
alter table "services" add constraint "services_provinceId_fkey" foreign key ("provinceId") references "provinces" ("id") on delete restrict;
alter table "schedules" add constraint "schedules_serviceId_fkey" foreign key ("serviceId") references "services" ("id") on delete restrict;
alter table "schedules" add constraint "schedules_partnerId_fkey" foreign key ("partnerId") references "partners" ("id") on delete restrict;
alter table "orders" add constraint "orders_userId_fkey" foreign key ("userId") references "users" ("id") on delete restrict;
alter table "orders" add constraint "orders_partnerId_fkey" foreign key ("partnerId") references "partners" ("id") on delete restrict;
alter table "orders" add constraint "orders_serviceId_fkey" foreign key ("serviceId") references "services" ("id") on delete restrict;
alter table "orders" add constraint "orders_scheduleId_fkey" foreign key ("scheduleId") references "schedules" ("id") on delete restrict;
alter table "refunds" add constraint "refunds_orderId_fkey" foreign key ("orderId") references "orders" ("id") on delete restrict;
alter table "refunds" add constraint "refunds_userId_fkey" foreign key ("userId") references "users" ("id") on delete restrict;
alter table "refunds" add constraint "refunds_partnerId_fkey" foreign key ("partnerId") references "partners" ("id") on delete restrict;
alter table "withdrawals" add constraint "withdrawals_partnerId_fkey" foreign key ("partnerId") references "partners" ("id") on delete restrict;
alter table "payments" add constraint "payments_orderId_fkey" foreign key ("orderId") references "orders" ("id") on delete restrict;
alter table "payments" add constraint "payments_partnerId_fkey" foreign key ("partnerId") references "partners" ("id") on delete restrict;
alter table "payments" add constraint "payments_userId_fkey" foreign key ("userId") references "users" ("id") on delete restrict;
alter table "payments" add constraint "payments_refundId_fkey" foreign key ("refundId") references "refunds" ("id") on delete restrict;
alter table "payments" add constraint "payments_withdrawalId_fkey" foreign key ("withdrawalId") references "withdrawals" ("id") on delete restrict;
alter table "complaints" add constraint "complaints_orderId_fkey" foreign key ("orderId") references "orders" ("id") on delete restrict;
alter table "complaints" add constraint "complaints_userId_fkey" foreign key ("userId") references "users" ("id") on delete restrict;
alter table "complaints" add constraint "complaints_partnerId_fkey" foreign key ("partnerId") references "partners" ("id") on delete restrict;
alter table "complaints" add constraint "complaints_assigneeId_fkey" foreign key ("assigneeId") references "admins" ("id") on delete restrict;
