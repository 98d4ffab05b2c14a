-- Issue 33 item 2: the audit trail partitioned by month (UTC), so that the archive takes
-- a whole month by detaching its partition instead of deleting its records one by one,
-- and the verification can resume from a checkpoint (docs/audit.md, "Partitions").
--
-- A table cannot be partitioned in place: the records are copied, exactly as they are
-- (no trigger on the new table yet, so neither seq nor hash is recomputed), into a table
-- partitioned by range of `at`, one partition per month that holds records, the current
-- month and the next three, and a default partition for a record of any other month (an
-- insert never fails for want of a partition). PostgreSQL requires a unique key of a
-- partitioned table to hold the partition key: the key is (seq, at), a unique index
-- rather than a primary key constraint, because pg_restore --clean (the backup's forced
-- restore) cannot drop a partition's inherited constraint, while it leaves a partition's
-- inherited index to its parent. Nothing references the trail by key; every read by
-- seq still uses it (one probe a partition).
-- Two records with one seq are no longer refused by the key: the trigger never writes
-- one, and the verification names the second as a gap, as it names a missing number.
CREATE TABLE "audit_trail_by_month" (
	"seq" bigint DEFAULT 0 NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"actor_unit" text,
	"session" text,
	"ip_address" text,
	"user_agent" text,
	"action" text NOT NULL,
	"target_kind" text,
	"target_id" text,
	"target_name" text,
	"outcome" text NOT NULL,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"prev_hash" text DEFAULT '' NOT NULL,
	"hash" text DEFAULT '' NOT NULL,
	"algorithm" text DEFAULT 'SHA-256' NOT NULL
) PARTITION BY RANGE ("at");--> statement-breakpoint
CREATE TABLE "audit_trail_default" PARTITION OF "audit_trail_by_month" DEFAULT;--> statement-breakpoint
-- The digest functions take the table's row type: they go with the old table and are
-- made again, unchanged, for the new one below.
DROP FUNCTION "audit_trail_digest"("audit_trail");--> statement-breakpoint
DROP FUNCTION "audit_trail_digest_input"("audit_trail");--> statement-breakpoint
ALTER TABLE "audit_trail" RENAME TO "audit_trail_unpartitioned";--> statement-breakpoint
ALTER TABLE "audit_trail_by_month" RENAME TO "audit_trail";--> statement-breakpoint
CREATE FUNCTION "audit_trail_digest_input"(r "audit_trail") RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
    r.seq, (extract(epoch FROM r.at) * 1000)::bigint, r.actor_id, r.actor_name, r.actor_unit,
    r.session, r.ip_address, r.user_agent, r.action, r.target_kind, r.target_id,
    r.target_name, r.outcome, r.reason, r.before, r.after, r.prev_hash)::text
$$;--> statement-breakpoint
CREATE FUNCTION "audit_trail_digest"(r "audit_trail") RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(CASE r.algorithm
                  WHEN 'SM3' THEN digest(convert_to(audit_trail_digest_input(r), 'UTF8'), 'sm3')
                  ELSE sha256(convert_to(audit_trail_digest_input(r), 'UTF8'))
                END, 'hex')
$$;--> statement-breakpoint
-- Statement triggers are not inherited by partitions, and an INSERT or TRUNCATE naming a
-- partition fires only the partition's: each partition gets the head's check and move
-- and the TRUNCATE refusal. Row triggers (the chain, append-only) are cloned by PostgreSQL.
CREATE FUNCTION "audit_trail_partition_triggers"(partition text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER audit_trail_chain_head AFTER INSERT ON %I
                  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT
                  EXECUTE FUNCTION audit_trail_chain_head()', partition);
  EXECUTE format('CREATE TRIGGER audit_trail_no_truncate BEFORE TRUNCATE ON %I
                  FOR EACH STATEMENT EXECUTE FUNCTION audit_trail_refuse_truncate()', partition);
END
$$;--> statement-breakpoint
-- The partition of the month (UTC) holding `month`, made if missing: false if it exists,
-- or if the default partition already holds records of that month (they stay there, and
-- the archive takes them from it). Two instances making one month: one of them makes it.
CREATE FUNCTION "audit_trail_add_month"(month timestamp with time zone) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  first timestamp := date_trunc('month', month AT TIME ZONE 'UTC');
  name text := 'audit_trail_p' || to_char(first, 'YYYYMM');
  lower_bound text := to_char(first, 'YYYY-MM-DD') || ' 00:00:00+00';
  upper_bound text := to_char(first + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00';
BEGIN
  IF to_regclass(name) IS NOT NULL THEN
    RETURN false;
  END IF;
  IF EXISTS (SELECT 1 FROM audit_trail_default d
              WHERE d.at >= lower_bound::timestamptz AND d.at < upper_bound::timestamptz) THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF audit_trail FOR VALUES FROM (%L) TO (%L)',
                 name, lower_bound, upper_bound);
  PERFORM audit_trail_partition_triggers(name);
  RETURN true;
EXCEPTION WHEN duplicate_table THEN
  RETURN false;
END
$$;--> statement-breakpoint
-- This month and the next `ahead`, by the database's clock: at each start of the server,
-- on its purge schedule and by the archive command. Returns how many were made.
CREATE FUNCTION "audit_trail_prepare_months"(ahead integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  made integer := 0;
BEGIN
  FOR i IN 0..ahead LOOP
    IF audit_trail_add_month(
         (date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => i))
           AT TIME ZONE 'UTC') THEN
      made := made + 1;
    END IF;
  END LOOP;
  RETURN made;
END
$$;--> statement-breakpoint
-- The archive's way out for a whole month: its partition detached and dropped, in the
-- archive command's transaction only (the setting the DELETE path asks for too), and only
-- a month that ended more than the law's 180 days ago by the database's clock. The
-- records it held must be exactly those the archive file holds from `from_seq` on: none
-- past `through_seq` (one written since the file was made), none before `from_seq`.
-- Returns how many records went with it (0 when the month has no partition).
CREATE FUNCTION "audit_trail_drop_month"(month timestamp with time zone, from_seq bigint, through_seq bigint)
RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  first timestamp := date_trunc('month', month AT TIME ZONE 'UTC');
  name text := 'audit_trail_p' || to_char(first, 'YYYYMM');
  part regclass := to_regclass(name);
  records bigint;
  low bigint;
  high bigint;
BEGIN
  IF current_setting('cityops.audit_archive', true) IS DISTINCT FROM 'on'
     OR (first + interval '1 month') AT TIME ZONE 'UTC' >= now() - interval '180 days' THEN
    RAISE EXCEPTION 'audit_trail month % is not the archive''s to drop', to_char(first, 'YYYY-MM')
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF part IS NULL OR NOT EXISTS (SELECT 1 FROM pg_inherits i
                                  WHERE i.inhrelid = part AND i.inhparent = 'audit_trail'::regclass) THEN
    RETURN 0;
  END IF;
  EXECUTE format('ALTER TABLE audit_trail DETACH PARTITION %I', name);
  EXECUTE format('SELECT count(*), min(seq), max(seq) FROM %I', name) INTO records, low, high;
  IF records > 0 AND (low < from_seq OR high > through_seq) THEN
    RAISE EXCEPTION 'audit_trail month % holds records % to %, outside the archive''s % to %',
      to_char(first, 'YYYY-MM'), low, high, from_seq, through_seq
      USING ERRCODE = 'check_violation';
  END IF;
  EXECUTE format('DROP TABLE %I', name);
  RETURN records;
END
$$;--> statement-breakpoint
SELECT audit_trail_partition_triggers('audit_trail_default');--> statement-breakpoint
SELECT audit_trail_add_month(m)
  FROM (SELECT DISTINCT date_trunc('month', u.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS m
          FROM audit_trail_unpartitioned u) months
 ORDER BY m;--> statement-breakpoint
SELECT audit_trail_prepare_months(3);--> statement-breakpoint
INSERT INTO "audit_trail" SELECT * FROM "audit_trail_unpartitioned" ORDER BY "seq";--> statement-breakpoint
DROP TABLE "audit_trail_unpartitioned";--> statement-breakpoint
CREATE UNIQUE INDEX "audit_trail_seq_at_idx" ON "audit_trail" USING btree ("seq","at");--> statement-breakpoint
CREATE INDEX "audit_trail_at_idx" ON "audit_trail" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_trail_action_idx" ON "audit_trail" USING btree ("action","seq");--> statement-breakpoint
CREATE INDEX "audit_trail_actor_idx" ON "audit_trail" USING btree (lower("actor_name"),"seq");--> statement-breakpoint
CREATE INDEX "audit_trail_target_idx" ON "audit_trail" USING btree ("target_kind","target_id","seq");--> statement-breakpoint
CREATE INDEX "audit_trail_target_name_idx" ON "audit_trail" USING btree (lower("target_name"),"seq");--> statement-breakpoint
CREATE INDEX "audit_trail_target_id_idx" ON "audit_trail" USING btree ("target_id","seq");--> statement-breakpoint
CREATE INDEX "audit_trail_target_kind_idx" ON "audit_trail" USING btree ("target_kind","seq");--> statement-breakpoint
CREATE INDEX "audit_trail_outcome_idx" ON "audit_trail" USING btree ("outcome","seq");--> statement-breakpoint
CREATE INDEX "audit_trail_action_outcome_idx" ON "audit_trail" USING btree ("action","outcome","seq");--> statement-breakpoint
-- The triggers of drizzle/0011, 0025 and 0028, on the partitioned table (row triggers
-- reach every partition, present and future); the functions are unchanged.
CREATE TRIGGER "audit_trail_chain" BEFORE INSERT ON "audit_trail"
FOR EACH ROW EXECUTE FUNCTION "audit_trail_chain"();--> statement-breakpoint
CREATE TRIGGER "audit_trail_chain_head" AFTER INSERT ON "audit_trail"
REFERENCING NEW TABLE AS "inserted"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_trail_chain_head"();--> statement-breakpoint
CREATE TRIGGER "audit_trail_append_only" BEFORE UPDATE OR DELETE ON "audit_trail"
FOR EACH ROW EXECUTE FUNCTION "audit_trail_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_trail_no_truncate" BEFORE TRUNCATE ON "audit_trail"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_trail_refuse_truncate"();--> statement-breakpoint
-- Where the last verification that saved its progress got to: a record's number and
-- hash, all records from `from_seq` to it found whole then. `npm run audit -- verify
-- --resume` starts there, after checking that record still carries that hash.
CREATE TABLE "audit_verify_checkpoint" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("id"),
	"from_seq" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL
);
