-- Issue 22: subsystems as OpenID Connect clients of the platform (docs/subsystems.md).
CREATE TABLE "subsystems" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subsystems_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"kind" text NOT NULL,
	"secret_hash" text,
	"origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"redirect_uris" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"post_logout_redirect_uris" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"backchannel_logout_uri" text,
	"claims" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"token_lifetime" integer DEFAULT 300 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subsystems_client_id_unique" UNIQUE("client_id"),
	CONSTRAINT "subsystems_kind_check" CHECK ("kind" in ('public', 'confidential')),
	CONSTRAINT "subsystems_lifetime_check" CHECK ("token_lifetime" between 60 and 600)
);
--> statement-breakpoint
CREATE TABLE "subsystem_sign_ins" (
	"session_token_hash" text NOT NULL,
	"subsystem_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sid" text NOT NULL,
	"issuer" text NOT NULL,
	"grant_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subsystem_sign_ins_session_token_hash_subsystem_id_pk" PRIMARY KEY("session_token_hash","subsystem_id")
);
--> statement-breakpoint
ALTER TABLE "subsystem_sign_ins" ADD CONSTRAINT "subsystem_sign_ins_subsystem_id_subsystems_id_fk" FOREIGN KEY ("subsystem_id") REFERENCES "public"."subsystems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subsystem_sign_ins" ADD CONSTRAINT "subsystem_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subsystem_sign_ins_user_idx" ON "subsystem_sign_ins" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "backchannel_logouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backchannel_logouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subsystem_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sid" text NOT NULL,
	"issuer" text NOT NULL,
	"reason" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backchannel_logouts" ADD CONSTRAINT "backchannel_logouts_subsystem_id_subsystems_id_fk" FOREIGN KEY ("subsystem_id") REFERENCES "public"."subsystems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backchannel_logouts_due_idx" ON "backchannel_logouts" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE TABLE "oidc_records" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_records_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE INDEX "oidc_records_grant_idx" ON "oidc_records" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_records_uid_idx" ON "oidc_records" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_records_expires_idx" ON "oidc_records" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE "oidc_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"sealed_private_jwk" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"signs_from" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "menu_entries" ADD COLUMN "subsystem_id" integer;--> statement-breakpoint
ALTER TABLE "menu_entries" ADD CONSTRAINT "menu_entries_subsystem_id_subsystems_id_fk" FOREIGN KEY ("subsystem_id") REFERENCES "public"."subsystems"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_entries_subsystem_idx" ON "menu_entries" USING btree ("subsystem_id");
