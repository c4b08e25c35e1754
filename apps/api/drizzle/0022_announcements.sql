CREATE TABLE "announcement_recipients" (
	"recipient_id" uuid PRIMARY KEY NOT NULL,
	"announcement_id" uuid NOT NULL,
	"registration_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"announcement_id" uuid PRIMARY KEY NOT NULL,
	"edition_id" text NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"urgency" text NOT NULL,
	"revision" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"mail_tiers" jsonb,
	CONSTRAINT "announcements_urgency" CHECK ("announcements"."urgency" in ('normal', 'urgent'))
);
--> statement-breakpoint
ALTER TABLE "staff_audit" DROP CONSTRAINT "staff_audit_action";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_one_subject";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "announcement_recipient_id" uuid;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_announcement_id_announcements_announcement_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("announcement_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_registration_id_registrations_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("registration_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_edition_id_editions_edition_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("edition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_recipients_once" ON "announcement_recipients" USING btree ("announcement_id","registration_id");--> statement-breakpoint
CREATE INDEX "announcements_by_edition" ON "announcements" USING btree ("edition_id","published_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_announcement_recipient_id_announcement_recipients_recipient_id_fk" FOREIGN KEY ("announcement_recipient_id") REFERENCES "public"."announcement_recipients"("recipient_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_per_announcement_recipient" ON "mail_outbox" USING btree ("announcement_recipient_id","kind");--> statement-breakpoint
ALTER TABLE "staff_audit" ADD CONSTRAINT "staff_audit_action" CHECK ("staff_audit"."action" in ('refund', 'eventCancellationStarted', 'featureFlagsChanged', 'csvExported', 'checkInUndone', 'staffInvited', 'staffRoleChanged', 'staffDisabled', 'staffEnabled', 'retentionRun', 'attentionChanged', 'participantCanceled', 'participantChangedDetails', 'participantChangedTier', 'addonRefunded', 'announcementPublished', 'announcementCorrected', 'announcementWithdrawn', 'announcementMailed'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_one_subject" CHECK (num_nonnulls("mail_outbox"."registration_id", "mail_outbox"."waiting_entry_id", "mail_outbox"."announcement_recipient_id") = 1);