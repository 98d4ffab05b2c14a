-- Issue 21 item 6: an account's wrong second-factor codes, counted in their own window on
-- its sign-in row, so they share the password policy's lock (docs/sign-in.md).
ALTER TABLE "login_attempts" ADD COLUMN "factor_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "factor_window_started_at" timestamp with time zone;
