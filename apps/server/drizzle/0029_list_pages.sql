-- Issue 33 item 3: the live-sessions list reads its page in the index's order, and a sent
-- message's delivered and read counts are index-only walks (the index on message_id alone
-- is replaced by one on message_id and is_read, which serves what it served).
DROP INDEX "message_recipients_message_idx";--> statement-breakpoint
CREATE INDEX "sessions_live_created_idx" ON "sessions" USING btree ("created_at" DESC NULLS FIRST,"token_hash") WHERE "sessions"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "message_recipients_message_read_idx" ON "message_recipients" USING btree ("message_id","is_read");