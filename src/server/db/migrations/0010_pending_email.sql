-- Migration 0010_pending_email: generated from resources/ by `npm run db:migration:new`. Review before committing.

alter table "users" add column "pendingEmail" text;
