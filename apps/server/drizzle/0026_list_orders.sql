-- Issue 33 item 3: the console's lists read a page, not the table. At 100,012 accounts the
-- user list sorted every account for its first page and scanned them all for a keyword;
-- the unit tree counted each department's users by a scan of every account.
-- pg_trgm is a trusted extension (the database's owner may create it); PGlite loads it
-- (db/client.ts, PGLITE_EXTENSIONS).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_department_idx" ON "users" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);