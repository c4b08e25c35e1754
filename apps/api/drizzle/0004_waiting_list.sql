CREATE TABLE "waiting_list_entries" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "waiting_list_entries_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"registration_tier" text NOT NULL,
	"badge_name" text NOT NULL,
	"t_shirt_size" text,
	"changing_room_type" text,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"registration_id" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "waiting_list_entries_status" CHECK ("waiting_list_entries"."status" in ('waiting', 'offered', 'accepted', 'expired', 'left')),
	CONSTRAINT "waiting_list_entries_offer_deadline" CHECK ("waiting_list_entries"."status" <> 'offered' or "waiting_list_entries"."offer_expires_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "registration_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "waiting_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_registration_id_registrations_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("registration_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_entries_one_open_per_user" ON "waiting_list_entries" USING btree ("user_id") WHERE "waiting_list_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waiting_list_entries_queue" ON "waiting_list_entries" USING btree ("registration_tier","position") WHERE "waiting_list_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waiting_list_entries_offer_expiry" ON "waiting_list_entries" USING btree ("offer_expires_at") WHERE "waiting_list_entries"."status" = 'offered';--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_waiting_entry_id_waiting_list_entries_entry_id_fk" FOREIGN KEY ("waiting_entry_id") REFERENCES "public"."waiting_list_entries"("entry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_per_waiting_entry" ON "mail_outbox" USING btree ("waiting_entry_id","kind");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_one_subject" CHECK (("mail_outbox"."registration_id" is null) <> ("mail_outbox"."waiting_entry_id" is null));