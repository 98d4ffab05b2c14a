-- Issue 21: the chain's head moves only with an audit_trail INSERT. Without this, a
-- DELETE of the last records followed by an UPDATE of the head back to the record
-- before them would pass the verification (docs/audit.md, "Append-only, and chained").
--
-- The guard lets through an UPDATE made from inside a trigger (pg_trigger_depth() > 1:
-- the audit_trail_chain trigger's, fired by an INSERT) that moves the head one record on,
-- as that trigger always does, and refuses everything else. It does not trust a
-- transaction setting (set_config) that the chain trigger would turn on: any session may
-- set a custom setting itself, so that flag would stop only accidents. A statement runs
-- at depth 2 only inside a trigger; the table has no foreign keys, so no cascade reaches
-- it, and making a trigger takes the owner's rights, which can disable this one anyway.
-- Both PGlite and PostgreSQL have pg_trigger_depth(). The archive command touches only
-- audit_trail and audit_archives; its own record moves the head through the chain trigger.
CREATE FUNCTION "audit_chain_head_guard"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 AND NEW.id AND NEW.seq = OLD.seq + 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_chain_head changes only with an audit_trail insert: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_chain_head_guard" BEFORE UPDATE OR DELETE ON "audit_chain_head"
FOR EACH ROW EXECUTE FUNCTION "audit_chain_head_guard"();--> statement-breakpoint
-- TRUNCATE fires no row trigger: one statement trigger for each table the chain stands on.
CREATE FUNCTION "audit_refuse_truncate"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% keeps the audit chain: TRUNCATE refused', TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_chain_head_no_truncate" BEFORE TRUNCATE ON "audit_chain_head"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_refuse_truncate"();--> statement-breakpoint
CREATE TRIGGER "audit_archives_no_truncate" BEFORE TRUNCATE ON "audit_archives"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_refuse_truncate"();
