-- Migration 0004_image_files: generated from resources/ by `npm run db:migration:new`. Review before committing.

create table "files" (
  "name" text primary key,
  "imageId" text not null,
  "contentType" text not null,
  "width" integer not null,
  "height" integer not null,
  "bytes" bytea not null,
  "createdAt" timestamptz not null default now()
);
create index "files_imageId_idx" on "files" ("imageId");
