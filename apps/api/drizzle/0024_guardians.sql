CREATE TABLE "guardian_links" (
	"edition_id" text NOT NULL,
	"minor_user_id" uuid NOT NULL,
	"guardian_registration_id" uuid NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "guardian_links_edition_id_minor_user_id_pk" PRIMARY KEY("edition_id","minor_user_id"),
	CONSTRAINT "guardian_links_status" CHECK ("guardian_links"."status" in ('requested', 'confirmed', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_edition_id_editions_edition_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("edition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_minor_user_id_users_user_id_fk" FOREIGN KEY ("minor_user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_guardian_registration_id_registrations_registration_id_fk" FOREIGN KEY ("guardian_registration_id") REFERENCES "public"."registrations"("registration_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_links_by_guardian" ON "guardian_links" USING btree ("guardian_registration_id");