-- Issue 13: the tamper-evident audit trail, and the three administrators kept apart.
-- docs/audit.md explains the chain; these functions are its only definition.
CREATE TABLE "audit_trail" (
	"seq" bigint PRIMARY KEY DEFAULT 0 NOT NULL,
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
	"hash" text DEFAULT '' NOT NULL
);--> statement-breakpoint
CREATE INDEX "audit_trail_at_idx" ON "audit_trail" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_trail_action_idx" ON "audit_trail" USING btree ("action","seq");--> statement-breakpoint
CREATE INDEX "audit_trail_actor_idx" ON "audit_trail" USING btree (lower("actor_name"),"seq");--> statement-breakpoint
CREATE INDEX "audit_trail_target_idx" ON "audit_trail" USING btree ("target_kind","target_id","seq");--> statement-breakpoint
-- The chain's end: one row, locked by each insert so records chain one after another.
CREATE TABLE "audit_chain_head" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("id"),
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);--> statement-breakpoint
INSERT INTO "audit_chain_head" ("id", "seq", "hash") VALUES (true, 0, '');--> statement-breakpoint
-- Each archive file written by `npm run audit:archive`: where the table's chain resumes.
CREATE TABLE "audit_archives" (
	"seq_from" bigint NOT NULL,
	"seq_to" bigint PRIMARY KEY NOT NULL,
	"last_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"archived_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- The text a record's hash is taken over: every field, the time in ms since 1970 (the
-- same whatever the session's time zone), and the previous record's hash.
CREATE FUNCTION "audit_trail_digest_input"(r "audit_trail") RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
    r.seq, (extract(epoch FROM r.at) * 1000)::bigint, r.actor_id, r.actor_name, r.actor_unit,
    r.session, r.ip_address, r.user_agent, r.action, r.target_kind, r.target_id,
    r.target_name, r.outcome, r.reason, r.before, r.after, r.prev_hash)::text
$$;--> statement-breakpoint
CREATE FUNCTION "audit_trail_digest"(r "audit_trail") RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(audit_trail_digest_input(r), 'UTF8')), 'hex')
$$;--> statement-breakpoint
CREATE FUNCTION "audit_trail_chain"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  head record;
BEGIN
  -- The row lock makes concurrent writers take turns, each after the last commit.
  SELECT seq, hash INTO head FROM audit_chain_head FOR UPDATE;
  NEW.seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.hash := audit_trail_digest(NEW);
  UPDATE audit_chain_head SET seq = NEW.seq, hash = NEW.hash;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_trail_chain" BEFORE INSERT ON "audit_trail"
FOR EACH ROW EXECUTE FUNCTION "audit_trail_chain"();--> statement-breakpoint
-- Records are never changed; they leave only by the archive command, and only once
-- older than the six months the law asks for.
CREATE FUNCTION "audit_trail_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
     AND current_setting('cityops.audit_archive', true) = 'on'
     AND OLD.at < now() - interval '180 days' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_trail is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_trail_append_only" BEFORE UPDATE OR DELETE ON "audit_trail"
FOR EACH ROW EXECUTE FUNCTION "audit_trail_refuse_change"();--> statement-breakpoint
CREATE FUNCTION "audit_trail_refuse_truncate"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_trail is append-only: TRUNCATE refused'
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_trail_no_truncate" BEFORE TRUNCATE ON "audit_trail"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_trail_refuse_truncate"();--> statement-breakpoint
CREATE TRIGGER "audit_archives_append_only" BEFORE UPDATE OR DELETE ON "audit_archives"
FOR EACH ROW EXECUTE FUNCTION "audit_trail_refuse_change"();--> statement-breakpoint
-- The security events of issue 7 begin the chain, in the order they were written.
INSERT INTO "audit_trail" ("at", "actor_id", "actor_name", "actor_unit", "ip_address", "user_agent", "action", "outcome", "reason", "after")
SELECT l."at", l."user_id", l."username",
       (SELECT o."name" FROM "users" u JOIN "organizations" o ON o."id" = u."organization_id" WHERE u."id" = l."user_id"),
       l."ip_address", l."user_agent",
       CASE l."event"
         WHEN 'login.success' THEN 'auth.login' WHEN 'login.failure' THEN 'auth.login'
         WHEN 'login.refused_locked' THEN 'auth.login' WHEN 'login.captcha_failure' THEN 'auth.login'
         WHEN 'login.locked' THEN 'auth.lockout' WHEN 'logout' THEN 'auth.logout'
         WHEN 'password.changed' THEN 'password.change' WHEN 'password.change_failure' THEN 'password.change'
         WHEN 'password.reset' THEN 'password.reset'
         WHEN 'sms.requested' THEN 'auth.sms.request' WHEN 'sms.refused' THEN 'auth.sms.request'
         WHEN 'sms.code_failure' THEN 'auth.sms.login'
         WHEN 'qr.confirmed' THEN 'auth.qr.confirm' WHEN 'qr.refused' THEN 'auth.qr.confirm'
         WHEN 'qr.login' THEN 'auth.qr.login' ELSE l."event" END,
       CASE WHEN l."event" IN ('login.failure', 'login.captcha_failure', 'password.change_failure', 'sms.code_failure') THEN 'failure'
            WHEN l."event" IN ('login.refused_locked', 'sms.refused', 'qr.refused') THEN 'refused'
            ELSE 'success' END,
       CASE l."event" WHEN 'login.failure' THEN 'password' WHEN 'login.captcha_failure' THEN 'captcha'
            WHEN 'login.refused_locked' THEN 'locked' WHEN 'sms.refused' THEN 'rate'
            WHEN 'qr.refused' THEN 'declined' ELSE NULL END,
       CASE WHEN l."detail" = '{}'::jsonb THEN NULL ELSE l."detail" END
  FROM "audit_log" l ORDER BY l."id";--> statement-breakpoint
DROP TABLE "audit_log";--> statement-breakpoint
-- An entry reserved to one of the separated roles: only that role may hold it, and
-- the system administrator's "every entry" leaves it out.
ALTER TABLE "menu_entries" ADD COLUMN "reserved_role" text;--> statement-breakpoint
-- Roles whose holders confirm sign-in with a second factor (the three administrators
-- always; any other role an administrator marks so).
ALTER TABLE "roles" ADD COLUMN "second_factor" boolean DEFAULT false NOT NULL;
