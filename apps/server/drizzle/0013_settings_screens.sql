-- Issue 13 items 6 and 7: the settings screens and sent messages. Earlier passwords, so a change can refuse
-- one of the last few (setting password.historyCount).
CREATE TABLE "password_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_history" ADD CONSTRAINT "password_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "password_history_user_idx" ON "password_history" USING btree ("user_id","created_at");
--> statement-breakpoint
-- The origins were seeded empty; unset, FRAME_ANCESTORS applies until the screen saves them.
DELETE FROM "settings" WHERE "key" IN ('embed.frameAncestors', 'embed.subsystemOrigins') AND btrim("value") = '';
--> statement-breakpoint
-- Issue 13 item 7: a sent message may be withdrawn from the inboxes of those who have not read it.
ALTER TABLE "messages" ADD COLUMN "withdrawn_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "withdrawn_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "messages_sent_idx" ON "messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "sent_by" IS NOT NULL;
