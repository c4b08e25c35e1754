CREATE TABLE "push_outbox" (
	"push_id" uuid PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"message" jsonb NOT NULL,
	"urgency" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "push_outbox_status" CHECK ("push_outbox"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "push_outbox_urgency" CHECK ("push_outbox"."urgency" in ('normal', 'high'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"language" text NOT NULL,
	"categories" text[] NOT NULL,
	"starred" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_subscription_id_push_subscriptions_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("subscription_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_outbox_one_per_subject" ON "push_outbox" USING btree ("subscription_id","subject");--> statement-breakpoint
CREATE INDEX "push_outbox_due" ON "push_outbox" USING btree ("next_attempt_at") WHERE "push_outbox"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint" ON "push_subscriptions" USING btree ("endpoint");