-- Issue 33 item 1: a change's record no longer holds the chain's head over its commit.
-- A write transaction put its record in the trail, and the row trigger's lock on the head
-- lasted until the commit's flush: one change at a time, 700-1,500 a second on this
-- machine, whatever the concurrency (docs/performance.md). Now the transaction writes its
-- record here, committed with the change or rolled back with it, and after the commit the
-- chainer moves the records waiting, many a statement, into the trail, where the same
-- triggers chain them (docs/audit.md, "Chained after the commit"). The request answers
-- once its change commits; a record waits here a few tens of milliseconds, and every read
-- of the trail has the records committed before it moved first.
CREATE TABLE "audit_trail_pending" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_trail_pending_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor_name" text,
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
	"after" jsonb
);--> statement-breakpoint
-- A waiting record is never changed, and leaves only by the move below.
CREATE FUNCTION "audit_trail_pending_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('cityops.audit_chain_move', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_trail_pending leaves only into the chain: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_trail_pending_append_only" BEFORE UPDATE OR DELETE ON "audit_trail_pending"
FOR EACH ROW EXECUTE FUNCTION "audit_trail_pending_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_trail_pending_no_truncate" BEFORE TRUNCATE ON "audit_trail_pending"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_trail_pending_refuse_change"();--> statement-breakpoint
-- Moves at most `most` waiting records, oldest first, into the trail in one statement (the
-- chain's triggers number and hash them in that order), each with its actor's unit read
-- here for all at once; returns how many. Movers take
-- turns on a transaction lock, so a move that returns has seen every record committed
-- before it started: moved by it, or by a mover that committed first. The permission to
-- delete lasts for the move alone.
CREATE FUNCTION "audit_trail_chain_pending"(most integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  moved integer;
BEGIN
  -- Nothing waiting that is committed, or being moved by a mover not yet committed (its
  -- delete not yet seen): every record committed before this is chained. The readers of
  -- the trail, which ask for a move before each read, do not take turns for nothing.
  IF NOT EXISTS (SELECT 1 FROM audit_trail_pending) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('audit_trail_chain_pending'));
  PERFORM set_config('cityops.audit_chain_move', 'on', true);
  WITH taken AS (
    DELETE FROM audit_trail_pending p
     WHERE p.id IN (SELECT q.id FROM audit_trail_pending q ORDER BY q.id LIMIT most)
    RETURNING p.*
  )
  INSERT INTO audit_trail (at, actor_id, actor_name, actor_unit, session, ip_address,
                           user_agent, action, target_kind, target_id, target_name, outcome,
                           reason, before, after)
  SELECT w.at, w.actor_id, w.actor_name, o.name, w.session,
         w.ip_address, w.user_agent, w.action, w.target_kind, w.target_id, w.target_name,
         w.outcome, w.reason, w.before, w.after
    FROM taken w
    LEFT JOIN users u ON u.id = w.actor_id
    LEFT JOIN organizations o ON o.id = u.organization_id
   ORDER BY w.id;
  GET DIAGNOSTICS moved = ROW_COUNT;
  PERFORM set_config('cityops.audit_chain_move', 'off', true);
  RETURN moved;
END
$$;
