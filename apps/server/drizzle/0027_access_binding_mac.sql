ALTER TABLE "role_menu_entries" ADD COLUMN "mac" text;--> statement-breakpoint
ALTER TABLE "user_roles" ADD COLUMN "mac" text;