-- The audit screen's filters, each an index range read newest first (by seq), so a
-- page costs about the same whatever the size of the trail (bench/results/scale.json:
-- a part of a login name read all 1,000,000 records; a rare outcome, all of them too).
-- The name and target filters match whole values, case aside.
CREATE INDEX "audit_trail_target_name_idx" ON "audit_trail" USING btree (lower("target_name"),"seq");--> statement-breakpoint
CREATE INDEX "audit_trail_target_id_idx" ON "audit_trail" USING btree ("target_id","seq");--> statement-breakpoint
CREATE INDEX "audit_trail_target_kind_idx" ON "audit_trail" USING btree ("target_kind","seq");--> statement-breakpoint
CREATE INDEX "audit_trail_outcome_idx" ON "audit_trail" USING btree ("outcome","seq");--> statement-breakpoint
CREATE INDEX "audit_trail_action_outcome_idx" ON "audit_trail" USING btree ("action","outcome","seq");
