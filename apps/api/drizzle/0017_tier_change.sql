CREATE TABLE "tier_changes" (
	"change_id" uuid PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"edition_id" text NOT NULL,
	"client_key" text NOT NULL,
	"from_tier" text NOT NULL,
	"to_tier" text NOT NULL,
	"t_shirt_size" text,
	"direction" text NOT NULL,
	"price_jpy" integer NOT NULL,
	"amount_jpy" integer NOT NULL,
	"status" text NOT NULL,
	"refund_status" text NOT NULL,
	"checkout_session_id" text,
	"payment_url" text,
	"expires_at" timestamp with time zone,
	"provider_refund_id" text,
	"refund_attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "tier_changes_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "tier_changes_status" CHECK ("tier_changes"."status" in ('awaiting_payment', 'applied', 'expired')),
	CONSTRAINT "tier_changes_refund_status" CHECK ("tier_changes"."refund_status" in ('none', 'owed', 'refunded', 'refused')),
	CONSTRAINT "tier_changes_direction" CHECK ("tier_changes"."direction" in ('upgrade', 'downgrade')),
	CONSTRAINT "tier_changes_amount_non_negative" CHECK ("tier_changes"."amount_jpy" >= 0)
);
--> statement-breakpoint
ALTER TABLE "staff_audit" DROP CONSTRAINT "staff_audit_action";--> statement-breakpoint
ALTER TABLE "tier_changes" ADD CONSTRAINT "tier_changes_registration_id_registrations_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("registration_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_changes" ADD CONSTRAINT "tier_changes_edition_id_editions_edition_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("edition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tier_changes_one_per_key" ON "tier_changes" USING btree ("registration_id","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "tier_changes_one_awaiting_payment" ON "tier_changes" USING btree ("registration_id") WHERE "tier_changes"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "tier_changes_refund_owed" ON "tier_changes" USING btree ("created_at") WHERE "tier_changes"."refund_status" = 'owed';--> statement-breakpoint
ALTER TABLE "staff_audit" ADD CONSTRAINT "staff_audit_action" CHECK ("staff_audit"."action" in ('refund', 'eventCancellationStarted', 'featureFlagsChanged', 'csvExported', 'checkInUndone', 'staffInvited', 'staffRoleChanged', 'staffDisabled', 'staffEnabled', 'retentionRun', 'attentionChanged', 'participantCanceled', 'participantChangedDetails', 'participantChangedTier'));