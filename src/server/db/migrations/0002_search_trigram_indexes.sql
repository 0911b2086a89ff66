-- Migration 0002_search_trigram_indexes: generated from resources/ by `npm run db:migration:new`. Review before committing.

create extension if not exists pg_trgm;

create index "tour_types_code_trgm_idx" on "tour_types" using gin ("code" gin_trgm_ops);
create index "provinces_code_trgm_idx" on "provinces" using gin ("code" gin_trgm_ops);
create index "admins_email_trgm_idx" on "admins" using gin ("email" gin_trgm_ops);
create index "admins_fullName_trgm_idx" on "admins" using gin ("fullName" gin_trgm_ops);
create index "users_email_trgm_idx" on "users" using gin ("email" gin_trgm_ops);
create index "users_fullName_trgm_idx" on "users" using gin ("fullName" gin_trgm_ops);
create index "users_phone_trgm_idx" on "users" using gin ("phone" gin_trgm_ops);
create index "partners_companyName_trgm_idx" on "partners" using gin ("companyName" gin_trgm_ops);
create index "partners_contactName_trgm_idx" on "partners" using gin ("contactName" gin_trgm_ops);
create index "partners_email_trgm_idx" on "partners" using gin ("email" gin_trgm_ops);
create index "partner_profiles_displayName_trgm_idx" on "partner_profiles" using gin ("displayName" gin_trgm_ops);
create index "orders_code_trgm_idx" on "orders" using gin ("code" gin_trgm_ops);
create index "orders_contactName_trgm_idx" on "orders" using gin ("contactName" gin_trgm_ops);
create index "orders_contactEmail_trgm_idx" on "orders" using gin ("contactEmail" gin_trgm_ops);
create index "refunds_reason_trgm_idx" on "refunds" using gin ("reason" gin_trgm_ops);
create index "withdrawals_reference_trgm_idx" on "withdrawals" using gin ("reference" gin_trgm_ops);
create index "withdrawals_bankAccountName_trgm_idx" on "withdrawals" using gin ("bankAccountName" gin_trgm_ops);
create index "payments_reference_trgm_idx" on "payments" using gin ("reference" gin_trgm_ops);
create index "complaints_subject_trgm_idx" on "complaints" using gin ("subject" gin_trgm_ops);
create index "complaints_message_trgm_idx" on "complaints" using gin ("message" gin_trgm_ops);
create index "audit_log_reason_trgm_idx" on "audit_log" using gin ("reason" gin_trgm_ops);
create index "audit_log_actorEmail_trgm_idx" on "audit_log" using gin ("actorEmail" gin_trgm_ops);
