CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"checkout_session_id" text,
	"event_created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"deliveries" integer DEFAULT 1 NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "payment_webhook_events_deliveries_positive" CHECK ("payment_webhook_events"."deliveries" > 0)
);
--> statement-breakpoint
CREATE INDEX "payment_webhook_events_session" ON "payment_webhook_events" USING btree ("checkout_session_id");