CREATE TABLE "current_edition" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"edition_id" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "current_edition_single_row" CHECK ("current_edition"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "edition_changes" (
	"change_id" bigserial PRIMARY KEY NOT NULL,
	"edition_id" text NOT NULL,
	"action" text NOT NULL,
	"staff_user_id" text,
	"changed_at" timestamp with time zone NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	CONSTRAINT "edition_changes_action" CHECK ("edition_changes"."action" in ('seeded', 'created', 'updated', 'published', 'made_current'))
);
--> statement-breakpoint
CREATE TABLE "editions" (
	"edition_id" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"status" text NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text,
	CONSTRAINT "editions_status" CHECK ("editions"."status" in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "current_edition" ADD CONSTRAINT "current_edition_edition_id_editions_edition_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("edition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_changes" ADD CONSTRAINT "edition_changes_edition_id_editions_edition_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("edition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edition_changes_by_edition" ON "edition_changes" USING btree ("edition_id","changed_at");