-- Migration 0011_reviews: generated from resources/ by `npm run db:migration:new`. Review before committing.

alter table "services" add column "rating" jsonb default '{"average":null,"count":0}'::jsonb;
alter table "orders" add column "reviewInviteAt" timestamptz;
create table "reviews" (
  "id" bigint generated always as identity primary key,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now(),
  "version" integer not null default 1,
  "orderId" bigint not null,
  "serviceId" bigint,
  "partnerId" bigint,
  "userId" bigint,
  "reviewerName" text,
  "rating" integer not null,
  "text" text,
  "locale" text,
  "status" text not null default 'pending',
  "reason" text,
  "publishedAt" timestamptz,
  "reply" text,
  "repliedAt" timestamptz
);
alter table "reviews" add constraint "reviews_orderId_key" unique ("orderId");
alter table "reviews" add constraint "reviews_locale_check" check ("locale" in ('lo', 'en', 'vi', 'th', 'zh'));
alter table "reviews" add constraint "reviews_status_check" check ("status" in ('pending', 'published', 'rejected'));
create index "reviews_createdAt_id_idx" on "reviews" ("createdAt", "id");
create index "reviews_status_createdAt_id_idx" on "reviews" ("status", "createdAt", "id");
create index "reviews_rating_createdAt_id_idx" on "reviews" ("rating", "createdAt", "id");
create index "reviews_serviceId_createdAt_id_idx" on "reviews" ("serviceId", "createdAt", "id");
create index "reviews_partnerId_createdAt_id_idx" on "reviews" ("partnerId", "createdAt", "id");
create index "reviews_locale_createdAt_id_idx" on "reviews" ("locale", "createdAt", "id");
create index "reviews_userId_createdAt_id_idx" on "reviews" ("userId", "createdAt", "id");
create index "reviews_text_trgm_idx" on "reviews" using gin ("text" gin_trgm_ops);

alter table "reviews" add constraint "reviews_orderId_fkey" foreign key ("orderId") references "orders" ("id") on delete restrict;
alter table "reviews" add constraint "reviews_serviceId_fkey" foreign key ("serviceId") references "services" ("id") on delete restrict;
alter table "reviews" add constraint "reviews_partnerId_fkey" foreign key ("partnerId") references "partners" ("id") on delete restrict;
alter table "reviews" add constraint "reviews_userId_fkey" foreign key ("userId") references "users" ("id") on delete restrict;
