-- Delegated administrators give a role the city marks as assignable (issue 31); the
-- staff role is marked from the start, as a new installation's seed marks it.
ALTER TABLE "roles" ADD COLUMN "assignable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "roles" SET "assignable" = true WHERE "id" = 'staff';
