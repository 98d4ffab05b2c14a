-- Issue 13: a second sign-in factor (TOTP, RFC 6238) with single-use recovery codes.
CREATE TABLE "user_second_factors" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"secret" text NOT NULL,
	-- Null while the enrolment waits for its first code.
	"confirmed_at" timestamp with time zone,
	-- The last time step a code was accepted for: a code is good once.
	"last_step" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "second_factor_recovery_codes" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	PRIMARY KEY ("user_id", "code_hash")
);--> statement-breakpoint
-- A password (or QR) step that passed and waits for its code; only the digest is kept.
CREATE TABLE "second_factor_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"scope" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "second_factor_tickets_expires_idx" ON "second_factor_tickets" USING btree ("expires_at");
