-- Issue 33, tamper evidence as strong as before drizzle/0034. There, the move deleted the
-- waiting records under a transaction setting, and any session that set it could remove
-- a waiting record before it was chained: the verification would not have found it. Now
-- the DELETE itself chains: this table's statement trigger inserts every row its
-- statement deleted into the trail, in the order they were written, exactly as they
-- were. Whoever deletes a waiting record, and however, has chained it; the only way out
-- of this table is into the chain, and there is no setting to know. (Disabling the
-- trigger takes the owner's rights, as disabling the trail's own does: docs/audit.md.)
CREATE OR REPLACE FUNCTION "audit_trail_pending_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_trail_pending leaves only into the chain: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
DROP TRIGGER "audit_trail_pending_append_only" ON "audit_trail_pending";--> statement-breakpoint
CREATE TRIGGER "audit_trail_pending_no_update" BEFORE UPDATE ON "audit_trail_pending"
FOR EACH ROW EXECUTE FUNCTION "audit_trail_pending_refuse_change"();--> statement-breakpoint
-- The deleted records into the trail, oldest first (the chain's triggers number and hash
-- them in that order), each with its actor's unit read here for all at once.
CREATE FUNCTION "audit_trail_pending_chain"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
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
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_trail_pending_chain" AFTER DELETE ON "audit_trail_pending"
REFERENCING OLD TABLE AS "taken"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_trail_pending_chain"();--> statement-breakpoint
-- The move is now a delete of the oldest `most` waiting records (the trigger above chains
-- them); returns how many. Movers still take turns on a transaction lock, so a move that
-- returns has seen every record committed before it started. A DELETE made without the
-- lock waits on the rows' locks and skips those a move took: no record is chained twice.
CREATE OR REPLACE FUNCTION "audit_trail_chain_pending"(most integer) RETURNS integer
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
  DELETE FROM audit_trail_pending p
   WHERE p.id IN (SELECT q.id FROM audit_trail_pending q ORDER BY q.id LIMIT most);
  GET DIAGNOSTICS moved = ROW_COUNT;
  RETURN moved;
END
$$;
