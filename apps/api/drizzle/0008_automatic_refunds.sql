CREATE TABLE "automatic_refunds" (
	"checkout_session_id" text PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"amount_jpy" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"owed_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "automatic_refunds_reason" CHECK ("automatic_refunds"."reason" in ('hold_ended', 'canceled', 'already_paid', 'event_cancelled')),
	CONSTRAINT "automatic_refunds_status" CHECK ("automatic_refunds"."status" in ('owed', 'refunded', 'refused')),
	CONSTRAINT "automatic_refunds_amount_positive" CHECK ("automatic_refunds"."amount_jpy" > 0)
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions_to_end" (
	"checkout_session_id" text PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "automatic_refunds" ADD CONSTRAINT "automatic_refunds_registration_id_registrations_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("registration_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions_to_end" ADD CONSTRAINT "checkout_sessions_to_end_registration_id_registrations_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("registration_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automatic_refunds_registration" ON "automatic_refunds" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "automatic_refunds_owed" ON "automatic_refunds" USING btree ("owed_at") WHERE "automatic_refunds"."status" = 'owed';--> statement-breakpoint
ALTER TABLE "registrations" DROP COLUMN "refund_required_at";