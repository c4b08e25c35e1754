CREATE TABLE "staff_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"details" jsonb NOT NULL,
	"edition_id" text,
	CONSTRAINT "staff_audit_action" CHECK ("staff_audit"."action" in ('refund', 'eventCancellationStarted', 'featureFlagsChanged', 'csvExported', 'checkInUndone', 'staffInvited', 'staffRoleChanged', 'staffDisabled', 'staffEnabled'))
);
--> statement-breakpoint
CREATE INDEX "staff_audit_by_action" ON "staff_audit" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "staff_audit_by_actor" ON "staff_audit" USING btree ("actor_id","id");