ALTER TABLE "registrations" ADD COLUMN "badge_number" integer;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "badge_numbers_issued" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_badge_number" ON "registrations" USING btree ("edition_id","badge_number");--> statement-breakpoint
-- Hand-written back-fill (decision 189): every registration already paid gets its number in the order it was paid.
UPDATE "registrations" SET "badge_number" = "numbered"."n" FROM (
  SELECT "registration_id", row_number() OVER (PARTITION BY "edition_id" ORDER BY "paid_at", "created_at", "registration_id") AS "n"
  FROM "registrations" WHERE "paid_at" IS NOT NULL
) AS "numbered" WHERE "registrations"."registration_id" = "numbered"."registration_id";--> statement-breakpoint
UPDATE "editions" SET "badge_numbers_issued" = coalesce((SELECT max("badge_number") FROM "registrations" WHERE "registrations"."edition_id" = "editions"."edition_id"), 0);
