CREATE TABLE "check_in_states" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"check_in_id" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "check_ins_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"registration_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"device_name" text,
	"checked_in_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"undoes" uuid,
	"status" text NOT NULL,
	"reason" text,
	"first_check_in_id" uuid,
	"received_at" timestamp with time zone NOT NULL,
	"received_by" text NOT NULL,
	CONSTRAINT "check_ins_seq_unique" UNIQUE("seq"),
	CONSTRAINT "check_ins_kind" CHECK ("check_ins"."kind" in ('check_in', 'undo')),
	CONSTRAINT "check_ins_status" CHECK ("check_ins"."status" in ('accepted', 'duplicate', 'rejected')),
	CONSTRAINT "check_ins_undo_target" CHECK (("check_ins"."kind" = 'undo') = ("check_ins"."undoes" is not null))
);
--> statement-breakpoint
ALTER TABLE "check_in_states" ADD CONSTRAINT "check_in_states_registration_id_registrations_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("registration_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_states" ADD CONSTRAINT "check_in_states_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_ins_registration" ON "check_ins" USING btree ("registration_id");