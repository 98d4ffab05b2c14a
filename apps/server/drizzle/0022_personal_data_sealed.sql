-- Mobile numbers are sealed at rest (issue 30). SMS codes and the per-number daily
-- counts kept a number in clear and live minutes or a day: they are dropped, and a code
-- asked for before the upgrade is asked for again. The numbers in "users" are sealed by
-- the server at its first start (seed/personal-data.ts): SQL has no key to do it.
DELETE FROM "sms_codes";--> statement-breakpoint
DELETE FROM "request_limits" WHERE "bucket" = 'sms.mobile';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile_index" text;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "mobile_index" text NOT NULL;--> statement-breakpoint
CREATE INDEX "users_mobile_index_idx" ON "users" USING btree ("mobile_index");--> statement-breakpoint
CREATE INDEX "sms_codes_mobile_index_idx" ON "sms_codes" USING btree ("mobile_index","purpose","created_at");--> statement-breakpoint
DROP INDEX "sms_codes_mobile_idx";--> statement-breakpoint
ALTER TABLE "sms_codes" DROP COLUMN "mobile";
