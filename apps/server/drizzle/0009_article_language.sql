ALTER TABLE "guide_articles" ADD COLUMN "language" text DEFAULT 'zh-CN' NOT NULL;--> statement-breakpoint
CREATE INDEX "guide_articles_language_status_date_idx" ON "guide_articles" USING btree ("language","status","publish_date");--> statement-breakpoint
ALTER TABLE "guide_articles" ADD CONSTRAINT "guide_articles_language_check" CHECK ("guide_articles"."language" in ('zh-CN', 'en'));--> statement-breakpoint
-- Articles written before the column: a title without a Han character is English.
UPDATE "guide_articles" SET "language" = 'en' WHERE "title" !~ '[一-鿿]';