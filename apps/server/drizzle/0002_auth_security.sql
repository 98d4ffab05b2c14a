CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"event" text NOT NULL,
	"user_id" integer,
	"username" text,
	"ip_address" text,
	"user_agent" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"id" text PRIMARY KEY NOT NULL,
	"answer_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_attempts_scope_subject_pk" PRIMARY KEY("scope","subject")
);
--> statement-breakpoint
CREATE TABLE "qr_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"app_id" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"requester_ip" text,
	"requester_agent" text,
	"user_id" integer,
	"scanned_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"collected_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mobile" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" integer,
	"code_hash" text NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"ticket_hash" text,
	"ticket_expires_at" timestamp with time zone,
	"ticket_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_tickets" ADD CONSTRAINT "qr_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD CONSTRAINT "sms_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_event_idx" ON "audit_log" USING btree ("event","at");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "captchas_expires_idx" ON "captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "qr_tickets_expires_idx" ON "qr_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sms_codes_mobile_idx" ON "sms_codes" USING btree ("mobile","purpose","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_address_idx" ON "sms_codes" USING btree ("ip_address","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ticket_idx" ON "sms_codes" USING btree ("ticket_hash");