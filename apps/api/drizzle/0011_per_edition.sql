-- Registrations, waiting-list entries and the inventory belong to an edition (decision 158). Rows written before
-- belong to the current edition; the start seeds the first edition before this migration when a database has
-- none yet (src/server.ts, prepareDatabase), so the backfill always finds one when there are rows to move.
ALTER TABLE "registrations" ADD COLUMN "edition_id" text;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD COLUMN "edition_id" text;--> statement-breakpoint
ALTER TABLE "tier_inventory" ADD COLUMN "edition_id" text;--> statement-breakpoint
UPDATE "registrations" SET "edition_id" = (SELECT "edition_id" FROM "current_edition" WHERE "id" = 1);--> statement-breakpoint
UPDATE "waiting_list_entries" SET "edition_id" = (SELECT "edition_id" FROM "current_edition" WHERE "id" = 1);--> statement-breakpoint
UPDATE "tier_inventory" SET "edition_id" = (SELECT "edition_id" FROM "current_edition" WHERE "id" = 1);--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "edition_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ALTER COLUMN "edition_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tier_inventory" ALTER COLUMN "edition_id" SET NOT NULL;--> statement-breakpoint
DROP INDEX "registrations_one_live_per_user";--> statement-breakpoint
DROP INDEX "waiting_list_entries_one_open_per_user";--> statement-breakpoint
DROP INDEX "waiting_list_entries_queue";--> statement-breakpoint
ALTER TABLE "tier_inventory" DROP CONSTRAINT "tier_inventory_pkey";--> statement-breakpoint
ALTER TABLE "tier_inventory" ADD CONSTRAINT "tier_inventory_edition_id_registration_tier_pk" PRIMARY KEY("edition_id","registration_tier");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_edition_id_editions_edition_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("edition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_inventory" ADD CONSTRAINT "tier_inventory_edition_id_editions_edition_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("edition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_edition_id_editions_edition_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("edition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registrations_by_edition" ON "registrations" USING btree ("edition_id","payment_status");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_one_live_per_user" ON "registrations" USING btree ("edition_id","user_id") WHERE "registrations"."payment_status" in ('pending', 'paid');--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_entries_one_open_per_user" ON "waiting_list_entries" USING btree ("edition_id","user_id") WHERE "waiting_list_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waiting_list_entries_queue" ON "waiting_list_entries" USING btree ("edition_id","registration_tier","position") WHERE "waiting_list_entries"."status" = 'waiting';
