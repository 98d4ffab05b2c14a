-- Issue 30 item 5: under the 国密 profile (CRYPTO_PROFILE=gm) the chain is hashed with SM3
-- (GB/T 32905): pgcrypto's digest(..., 'sm3'), through OpenSSL on PostgreSQL and in
-- PGlite's pgcrypto build (db/client.ts loads it). pgcrypto is a trusted extension: the
-- database's owner may create it.
--
-- Each record names the hash it was chained with (set by the trigger, never by the
-- writer), so a trail spanning a change of profile verifies record by record. The head
-- names what new records take; it changes only with an `audit.algorithm` record, which
-- the server writes at start when CRYPTO_PROFILE names another hash: the record is
-- hashed with the new one and starts the new segment. A record's algorithm is not in
-- the text its hash is taken over: relabelled, it no longer matches its hash.
CREATE EXTENSION IF NOT EXISTS pgcrypto;--> statement-breakpoint
ALTER TABLE "audit_chain_head" ADD COLUMN "algorithm" text DEFAULT 'SHA-256' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_trail" ADD COLUMN "algorithm" text DEFAULT 'SHA-256' NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_trail_digest"(r "audit_trail") RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(CASE r.algorithm
                  WHEN 'SM3' THEN digest(convert_to(audit_trail_digest_input(r), 'UTF8'), 'sm3')
                  ELSE sha256(convert_to(audit_trail_digest_input(r), 'UTF8'))
                END, 'hex')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_trail_chain"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  head record;
  last record;
BEGIN
  -- The row lock makes concurrent writers take turns, each after the last commit.
  SELECT h.seq, h.hash, h.algorithm INTO head FROM audit_chain_head h WHERE h.id = true FOR UPDATE;
  SELECT t.seq, t.hash, t.algorithm INTO last FROM audit_trail t
   WHERE t.seq > head.seq ORDER BY t.seq DESC LIMIT 1;
  IF FOUND THEN
    NEW.seq := last.seq + 1;
    NEW.prev_hash := last.hash;
    NEW.algorithm := last.algorithm;
  ELSE
    NEW.seq := head.seq + 1;
    NEW.prev_hash := head.hash;
    NEW.algorithm := head.algorithm;
  END IF;
  -- A change of algorithm is itself a record, hashed with the new one.
  IF NEW.action = 'audit.algorithm' THEN
    NEW.algorithm := NEW.after ->> 'algorithm';
    IF NEW.algorithm IS NULL OR NEW.algorithm NOT IN ('SHA-256', 'SM3') THEN
      RAISE EXCEPTION 'audit.algorithm names no chain hash: %', NEW.after
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  NEW.hash := audit_trail_digest(NEW);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_trail_chain_head"() RETURNS trigger
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
  SELECT i.seq, i.hash, i.algorithm INTO last FROM inserted i ORDER BY i.seq DESC LIMIT 1;
  UPDATE audit_chain_head SET seq = last.seq, hash = last.hash, algorithm = last.algorithm
   WHERE id = true;
  RETURN NULL;
END
$$;
