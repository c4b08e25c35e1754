CREATE TABLE "feature_flags" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"is_new_club_activity_establishment_available" boolean NOT NULL,
	"is_registration_available" boolean NOT NULL,
	"is_under_maintenance" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text,
	CONSTRAINT "feature_flags_single_row" CHECK ("feature_flags"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"privacy" text NOT NULL,
	"handle_name" text NOT NULL,
	"urls" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "profiles_privacy" CHECK ("profiles"."privacy" in ('public', 'private'))
);
--> statement-breakpoint
CREATE TABLE "registration_additional_info" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"club_activity_x_username" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"registration_tier" text NOT NULL,
	"badge_name" text NOT NULL,
	"t_shirt_size" text,
	"changing_room_type" text,
	"payment_status" text NOT NULL,
	"amount_jpy" integer NOT NULL,
	"checkout_session_id" text,
	"payment_url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"refund_required_at" timestamp with time zone,
	CONSTRAINT "registrations_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "registrations_payment_status" CHECK ("registrations"."payment_status" in ('pending', 'paid', 'expired', 'canceled')),
	CONSTRAINT "registrations_registration_tier" CHECK ("registrations"."registration_tier" in ('member', 'fursuiter', 'sponsor', 'sponsor_fursuiter'))
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tier_inventory" (
	"registration_tier" text PRIMARY KEY NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tier_inventory_capacity_non_negative" CHECK ("tier_inventory"."capacity" >= 0),
	CONSTRAINT "tier_inventory_taken_non_negative" CHECK ("tier_inventory"."taken" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" text,
	"email_verified" boolean,
	"email_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_additional_info" ADD CONSTRAINT "registration_additional_info_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_one_live_per_user" ON "registrations" USING btree ("user_id") WHERE "registrations"."payment_status" in ('pending', 'paid');--> statement-breakpoint
CREATE INDEX "registrations_pending_expiry" ON "registrations" USING btree ("registration_tier","expires_at") WHERE "registrations"."payment_status" = 'pending';--> statement-breakpoint
CREATE INDEX "registrations_user_latest" ON "registrations" USING btree ("user_id","created_at");