CREATE TABLE "app_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"version_number" text NOT NULL,
	"version_sort" text NOT NULL,
	"upload_date" date NOT NULL,
	"content_zh" text NOT NULL,
	"content_en" text NOT NULL,
	"scope" text NOT NULL,
	"brand" text NOT NULL,
	"is_force_update" boolean DEFAULT false NOT NULL,
	"current" boolean DEFAULT false NOT NULL,
	"file_key" text DEFAULT '' NOT NULL,
	"file_size" integer DEFAULT 0 NOT NULL,
	"file_md5" text DEFAULT '' NOT NULL,
	"store_url" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_version_number_key" ON "app_versions" USING btree ("platform","brand","version_sort");--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_current_key" ON "app_versions" USING btree ("platform","brand") WHERE "app_versions"."current";