-- Issue 33 item 1: the chain appends at a megacity's rate, flat as the trail grows.
-- Before, every record updated the one head row (read FOR UPDATE with no WHERE): within
-- a transaction those row versions cannot be pruned, so the head grew by a page every
-- ~70 records of a batch, and every later insert read all of it (4,694 records/s on an
-- empty trail, 529 after). Now the head is read by its key and moved once per statement.
--
-- Each record still chains onto the one before it, computed by the database: the row
-- trigger takes the head's lock (by key; taken again in the same transaction it writes
-- nothing), then continues from this statement's own last record if it has one (a row
-- trigger sees the rows its statement inserted before it, through the primary key), else
-- from the head. A statement-level trigger then checks that the statement's first record
-- continues the head (number and hash) and moves the head to its last record, once.
-- What the verification finds is unchanged: the records and hashes are the same as the
-- per-row head wrote them; a head left behind by records inserted with the trigger off
-- makes the next insert fail (as the taken number did before); a head left past records
-- deleted with it off makes the next record leave the gap that verification names.
CREATE OR REPLACE FUNCTION "audit_trail_chain"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  head record;
  last record;
BEGIN
  -- The row lock makes concurrent writers take turns, each after the last commit.
  SELECT h.seq, h.hash INTO head FROM audit_chain_head h WHERE h.id = true FOR UPDATE;
  SELECT t.seq, t.hash INTO last FROM audit_trail t
   WHERE t.seq > head.seq ORDER BY t.seq DESC LIMIT 1;
  IF FOUND THEN
    NEW.seq := last.seq + 1;
    NEW.prev_hash := last.hash;
  ELSE
    NEW.seq := head.seq + 1;
    NEW.prev_hash := head.hash;
  END IF;
  NEW.hash := audit_trail_digest(NEW);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION "audit_trail_chain_head"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  head record;
  first record;
  last record;
BEGIN
  SELECT i.seq, i.prev_hash INTO first FROM inserted i ORDER BY i.seq LIMIT 1;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT h.seq, h.hash INTO head FROM audit_chain_head h WHERE h.id = true FOR UPDATE;
  IF first.seq <> head.seq + 1 OR first.prev_hash <> head.hash THEN
    RAISE EXCEPTION 'audit_trail record % does not continue the chain''s head (record %)',
      first.seq, head.seq
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  SELECT i.seq, i.hash INTO last FROM inserted i ORDER BY i.seq DESC LIMIT 1;
  UPDATE audit_chain_head SET seq = last.seq, hash = last.hash WHERE id = true;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_trail_chain_head" AFTER INSERT ON "audit_trail"
REFERENCING NEW TABLE AS "inserted"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_trail_chain_head"();--> statement-breakpoint
-- The head still moves only with an insert (drizzle/0016): from inside a trigger, and
-- only on; that it moves onto records continuing it is the statement trigger's check.
CREATE OR REPLACE FUNCTION "audit_chain_head_guard"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 AND NEW.id AND NEW.seq > OLD.seq THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_chain_head changes only with an audit_trail insert: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
