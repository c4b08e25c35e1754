CREATE TABLE "timetable_drafts" (
	"edition_id" text PRIMARY KEY NOT NULL,
	"sessions" jsonb NOT NULL,
	"revision" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "timetable_versions" (
	"edition_id" text NOT NULL,
	"version" integer NOT NULL,
	"sessions" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" text,
	CONSTRAINT "timetable_versions_edition_id_version_pk" PRIMARY KEY("edition_id","version")
);
--> statement-breakpoint
ALTER TABLE "timetable_drafts" ADD CONSTRAINT "timetable_drafts_edition_id_editions_edition_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("edition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_versions" ADD CONSTRAINT "timetable_versions_edition_id_editions_edition_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("edition_id") ON DELETE no action ON UPDATE no action;