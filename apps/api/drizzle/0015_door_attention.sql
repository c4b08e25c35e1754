CREATE TABLE "registration_attention" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"flagged" boolean NOT NULL,
	"note" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_audit" DROP CONSTRAINT "staff_audit_action";--> statement-breakpoint
ALTER TABLE "registration_attention" ADD CONSTRAINT "registration_attention_registration_id_registrations_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("registration_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_audit" ADD CONSTRAINT "staff_audit_action" CHECK ("staff_audit"."action" in ('refund', 'eventCancellationStarted', 'featureFlagsChanged', 'csvExported', 'checkInUndone', 'staffInvited', 'staffRoleChanged', 'staffDisabled', 'staffEnabled', 'retentionRun', 'attentionChanged', 'participantCanceled', 'participantChangedDetails'));