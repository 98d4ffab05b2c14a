-- The audit screen's 操作人 picker (issue 24) finds accounts by the start of their login
-- name or name, case aside: each side a range of one of these indexes (text_pattern_ops,
-- so LIKE 'prefix%' uses them whatever the database's collation).
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") text_pattern_ops);
