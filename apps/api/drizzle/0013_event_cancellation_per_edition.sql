-- The event-cancelled run belongs to an edition (decision 162): a run written before belongs to the edition
-- current when this migration runs, as registrations did in 0011. Every database has one by then: 0011's data
-- step seeded it.
ALTER TABLE "event_cancellation_runs" ADD COLUMN "edition_id" text;--> statement-breakpoint
UPDATE "event_cancellation_runs" SET "edition_id" = (SELECT "edition_id" FROM "current_edition" WHERE "id" = 1);--> statement-breakpoint
ALTER TABLE "event_cancellation_runs" ALTER COLUMN "edition_id" SET NOT NULL;--> statement-breakpoint
DROP INDEX "event_cancellation_runs_one_running";--> statement-breakpoint
ALTER TABLE "event_cancellation_runs" ADD CONSTRAINT "event_cancellation_runs_edition_id_editions_edition_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("edition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_cancellation_runs_one_running" ON "event_cancellation_runs" USING btree ("edition_id") WHERE "event_cancellation_runs"."status" = 'running';
