CREATE TABLE "goods_ticks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "goods_ticks_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"registration_id" uuid NOT NULL,
	"goods" text NOT NULL,
	"device_id" text NOT NULL,
	"device_name" text,
	"marked_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"received_by" text NOT NULL,
	CONSTRAINT "goods_ticks_seq_unique" UNIQUE("seq"),
	CONSTRAINT "goods_ticks_kind" CHECK ("goods_ticks"."kind" in ('mark', 'unmark')),
	CONSTRAINT "goods_ticks_status" CHECK ("goods_ticks"."status" in ('accepted', 'duplicate', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "goods_ticks" ADD CONSTRAINT "goods_ticks_registration_id_registrations_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("registration_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_ticks_registration" ON "goods_ticks" USING btree ("registration_id","goods","seq");