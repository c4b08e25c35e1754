CREATE TABLE "revoked_access_tokens" (
	"token_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "revoked_access_tokens_expiry" ON "revoked_access_tokens" USING btree ("expires_at");