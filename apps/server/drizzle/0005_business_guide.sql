CREATE TABLE "guide_articles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guide_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"cover_image" text,
	"body_html" text DEFAULT '' NOT NULL,
	"issuing_authority" text DEFAULT '' NOT NULL,
	"document_number" text DEFAULT '' NOT NULL,
	"publish_date" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"author_id" integer,
	"organization_id" integer,
	"updated_by" integer,
	"view_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"search_terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "guide_articles_status_check" CHECK ("guide_articles"."status" in ('draft', 'published', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "guide_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guide_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guide_articles" ADD CONSTRAINT "guide_articles_category_id_guide_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."guide_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_articles" ADD CONSTRAINT "guide_articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_articles" ADD CONSTRAINT "guide_articles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_articles" ADD CONSTRAINT "guide_articles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guide_articles_status_date_idx" ON "guide_articles" USING btree ("status","publish_date");--> statement-breakpoint
CREATE INDEX "guide_articles_category_idx" ON "guide_articles" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "guide_articles_updated_idx" ON "guide_articles" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "guide_articles_search_idx" ON "guide_articles" USING gin ("search_terms");--> statement-breakpoint
CREATE UNIQUE INDEX "guide_categories_code_idx" ON "guide_categories" USING btree ("code");