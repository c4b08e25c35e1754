CREATE TABLE "badge_prints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "badge_prints_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"registration_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"device_name" text,
	"marked_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"reprint_needed" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"received_by" text NOT NULL,
	CONSTRAINT "badge_prints_seq_unique" UNIQUE("seq"),
	CONSTRAINT "badge_prints_kind" CHECK ("badge_prints"."kind" in ('mark', 'unmark')),
	CONSTRAINT "badge_prints_status" CHECK ("badge_prints"."status" in ('accepted', 'duplicate', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "badge_prints" ADD CONSTRAINT "badge_prints_registration_id_registrations_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("registration_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_prints_registration" ON "badge_prints" USING btree ("registration_id","seq");