-- Retention (decision 161): its runs are audited (retentionRun), and a member account it deleted is marked.
ALTER TABLE "staff_audit" DROP CONSTRAINT "staff_audit_action";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_audit" ADD CONSTRAINT "staff_audit_action" CHECK ("staff_audit"."action" in ('refund', 'eventCancellationStarted', 'featureFlagsChanged', 'csvExported', 'checkInUndone', 'staffInvited', 'staffRoleChanged', 'staffDisabled', 'staffEnabled', 'retentionRun'));