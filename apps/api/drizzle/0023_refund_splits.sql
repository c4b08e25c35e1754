CREATE TABLE "refund_splits" (
	"provider_key" text PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"refund_key" text NOT NULL,
	"checkout_session_id" text NOT NULL,
	"amount_jpy" integer NOT NULL,
	"status" text NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refund_splits_status" CHECK ("refund_splits"."status" in ('requested', 'succeeded', 'failed')),
	CONSTRAINT "refund_splits_amount_positive" CHECK ("refund_splits"."amount_jpy" > 0)
);
--> statement-breakpoint
ALTER TABLE "refund_splits" ADD CONSTRAINT "refund_splits_registration_id_registrations_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("registration_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_splits_registration" ON "refund_splits" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "refund_splits_refund" ON "refund_splits" USING btree ("refund_key");