CREATE TABLE "event_cancellation_runs" (
	"run_id" uuid PRIMARY KEY NOT NULL,
	"expenses_per_person_jpy" integer NOT NULL,
	"status" text NOT NULL,
	"total_registrations" integer NOT NULL,
	"cursor" uuid,
	"claimed_until" timestamp with time zone,
	"claimed_by" text,
	"started_by" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "event_cancellation_runs_status" CHECK ("event_cancellation_runs"."status" in ('running', 'finished'))
);
--> statement-breakpoint
CREATE TABLE "refund_attempts" (
	"registration_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"provider_key" text NOT NULL,
	"amount_jpy" integer NOT NULL,
	"policy_amount_jpy" integer NOT NULL,
	"reason" text,
	"source" text NOT NULL,
	"staff_user_id" text,
	"client_key" text,
	"status" text NOT NULL,
	"error" text,
	"requested_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "refund_attempts_status" CHECK ("refund_attempts"."status" in ('requested', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "registration_refunds" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"amount_jpy" integer NOT NULL,
	"policy_amount_jpy" integer NOT NULL,
	"reason" text,
	"source" text NOT NULL,
	"staff_user_id" text,
	"provider_refund_id" text,
	"client_key" text,
	"refunded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "registration_refunds_source" CHECK ("registration_refunds"."source" in ('staff', 'stripe_dashboard', 'event_cancelled')),
	CONSTRAINT "registration_refunds_amount_non_negative" CHECK ("registration_refunds"."amount_jpy" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "event_cancellation_runs_one_running" ON "event_cancellation_runs" USING btree ("status") WHERE "event_cancellation_runs"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "refund_attempts_registration_attempt" ON "refund_attempts" USING btree ("registration_id","attempt");--> statement-breakpoint
CREATE INDEX "refund_attempts_requested" ON "refund_attempts" USING btree ("registration_id") WHERE "refund_attempts"."status" = 'requested';