CREATE TABLE "role_menu_entries" (
	"role_id" text NOT NULL,
	"menu_entry_id" integer NOT NULL,
	CONSTRAINT "role_menu_entries_role_id_menu_entry_id_pk" PRIMARY KEY("role_id","menu_entry_id")
);
--> statement-breakpoint
CREATE TABLE "role_units" (
	"role_id" text NOT NULL,
	"organization_id" integer NOT NULL,
	CONSTRAINT "role_units_role_id_organization_id_pk" PRIMARY KEY("role_id","organization_id")
);
--> statement-breakpoint
ALTER TABLE "menu_entries" ADD COLUMN "kind" text DEFAULT 'page' NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_entries" ADD COLUMN "permission" text;--> statement-breakpoint
ALTER TABLE "menu_entries" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_entries" ADD COLUMN "built_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_entries" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "data_scope" text DEFAULT 'self' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "role_menu_entries" ADD CONSTRAINT "role_menu_entries_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menu_entries" ADD CONSTRAINT "role_menu_entries_menu_entry_id_menu_entries_id_fk" FOREIGN KEY ("menu_entry_id") REFERENCES "public"."menu_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_units" ADD CONSTRAINT "role_units_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_units" ADD CONSTRAINT "role_units_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "role_menu_entries_entry_idx" ON "role_menu_entries" USING btree ("menu_entry_id");--> statement-breakpoint
CREATE INDEX "role_units_organization_idx" ON "role_units" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_parent_id_organizations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "menu_entries_permission_idx" ON "menu_entries" USING btree ("permission") WHERE "menu_entries"."permission" is not null;--> statement-breakpoint
CREATE INDEX "organizations_parent_idx" ON "organizations" USING btree ("parent_id","sort_order");--> statement-breakpoint
CREATE INDEX "users_organization_idx" ON "users" USING btree ("organization_id","id");--> statement-breakpoint
ALTER TABLE "menu_entries" ADD CONSTRAINT "menu_entries_kind_check" CHECK ("menu_entries"."kind" in ('directory', 'page', 'action'));--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_data_scope_check" CHECK ("roles"."data_scope" in ('all', 'units', 'unit', 'unit-and-below', 'self'));;--> statement-breakpoint
-- Today's rights in the new model (issue 12): an entry without role rows was seen by
-- every role, one with rows by those roles; the admin role holds every entry without rows.
INSERT INTO "role_menu_entries" ("role_id", "menu_entry_id")
SELECT r."id", e."id" FROM "roles" r CROSS JOIN "menu_entries" e
WHERE r."id" <> 'admin' AND (
  NOT EXISTS (SELECT 1 FROM "menu_entry_roles" m WHERE m."menu_entry_id" = e."id")
  OR EXISTS (SELECT 1 FROM "menu_entry_roles" m WHERE m."menu_entry_id" = e."id" AND m."role_id" = r."id")
);--> statement-breakpoint
UPDATE "roles" SET "data_scope" = 'all' WHERE "id" = 'admin';--> statement-breakpoint
UPDATE "menu_entries" SET "kind" = 'directory'
WHERE "url" = '' AND EXISTS (SELECT 1 FROM "menu_entries" c WHERE c."parent_id" = "menu_entries"."id");--> statement-breakpoint
DROP TABLE "menu_entry_roles" CASCADE;
