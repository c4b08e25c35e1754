CREATE TABLE "addon_products" (
	"edition_id" text NOT NULL,
	"code" text NOT NULL,
	"name_ja" text NOT NULL,
	"name_en" text NOT NULL,
	"price_jpy" integer NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"sale_opens_at" timestamp with time zone NOT NULL,
	"sale_closes_at" timestamp with time zone NOT NULL,
	CONSTRAINT "addon_products_edition_id_code_pk" PRIMARY KEY("edition_id","code"),
	CONSTRAINT "addon_products_price_positive" CHECK ("addon_products"."price_jpy" > 0),
	CONSTRAINT "addon_products_taken_within_capacity" CHECK ("addon_products"."taken" >= 0 and "addon_products"."taken" <= "addon_products"."capacity")
);
--> statement-breakpoint
CREATE TABLE "addon_purchases" (
	"purchase_id" uuid PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"edition_id" text NOT NULL,
	"product_code" text NOT NULL,
	"status" text NOT NULL,
	"amount_jpy" integer NOT NULL,
	"checkout_session_id" text,
	"payment_url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refund_jpy" integer,
	"provider_refund_id" text,
	"refund_error" text,
	CONSTRAINT "addon_purchases_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "addon_purchases_status" CHECK ("addon_purchases"."status" in ('pending', 'paid', 'expired', 'refunding', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "staff_audit" DROP CONSTRAINT "staff_audit_action";--> statement-breakpoint
ALTER TABLE "addon_products" ADD CONSTRAINT "addon_products_edition_id_editions_edition_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("edition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_purchases" ADD CONSTRAINT "addon_purchases_registration_id_registrations_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("registration_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_purchases" ADD CONSTRAINT "addon_purchases_edition_id_editions_edition_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("edition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "addon_purchases_one_per_registration" ON "addon_purchases" USING btree ("registration_id","product_code") WHERE "addon_purchases"."status" in ('pending', 'paid');--> statement-breakpoint
CREATE INDEX "addon_purchases_registration" ON "addon_purchases" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "addon_purchases_pending" ON "addon_purchases" USING btree ("expires_at") WHERE "addon_purchases"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "staff_audit" ADD CONSTRAINT "staff_audit_action" CHECK ("staff_audit"."action" in ('refund', 'eventCancellationStarted', 'featureFlagsChanged', 'csvExported', 'checkInUndone', 'staffInvited', 'staffRoleChanged', 'staffDisabled', 'staffEnabled', 'retentionRun', 'attentionChanged', 'participantCanceled', 'participantChangedDetails', 'participantChangedTier', 'addonRefunded'));