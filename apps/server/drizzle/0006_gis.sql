CREATE TABLE "gis_features" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gis_features_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"layer_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT '' NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"geometry_type" text NOT NULL,
	"geometry" jsonb NOT NULL,
	"vertex_count" integer NOT NULL,
	"min_lon" double precision NOT NULL,
	"min_lat" double precision NOT NULL,
	"max_lon" double precision NOT NULL,
	"max_lat" double precision NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gis_layers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gis_layers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"editable" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gis_features" ADD CONSTRAINT "gis_features_layer_id_gis_layers_id_fk" FOREIGN KEY ("layer_id") REFERENCES "public"."gis_layers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gis_features" ADD CONSTRAINT "gis_features_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gis_features" ADD CONSTRAINT "gis_features_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gis_features_layer_bbox_idx" ON "gis_features" USING btree ("layer_id","min_lon","max_lon","min_lat","max_lat");--> statement-breakpoint
CREATE INDEX "gis_features_name_idx" ON "gis_features" USING btree ("layer_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "gis_layers_code_idx" ON "gis_layers" USING btree ("code");