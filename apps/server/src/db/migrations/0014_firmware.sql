CREATE TABLE "firmwares" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"version_number" text NOT NULL,
	"version_key" text NOT NULL,
	"firmware_type" text NOT NULL,
	"module" text DEFAULT 'default' NOT NULL,
	"content_zh" text NOT NULL,
	"content_en" text NOT NULL,
	"is_force_update" boolean DEFAULT false NOT NULL,
	"package_type" text DEFAULT 'full' NOT NULL,
	"from_version" text DEFAULT '' NOT NULL,
	"from_version_key" text DEFAULT '' NOT NULL,
	"signature_algorithm" text DEFAULT 'sha256' NOT NULL,
	"firmware_json" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"size" bigint NOT NULL,
	"md5" text NOT NULL,
	"sha256" text NOT NULL,
	"verify_status" text DEFAULT '1' NOT NULL,
	"rollout_target" text DEFAULT 'all' NOT NULL,
	"rollout_store_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"rollout_percent" integer DEFAULT 100 NOT NULL,
	"rollout_paused" boolean DEFAULT false NOT NULL,
	"upload_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ota_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"firmware_id" integer NOT NULL,
	"device" text NOT NULL,
	"step" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"percent" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ota_progress" ADD CONSTRAINT "ota_progress_firmware_id_firmwares_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."firmwares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firmwares_version_key" ON "firmwares" USING btree ("firmware_type","channel","module","version_key");--> statement-breakpoint
CREATE INDEX "firmwares_channel_idx" ON "firmwares" USING btree ("channel","upload_date");--> statement-breakpoint
CREATE INDEX "firmwares_file_idx" ON "firmwares" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "ota_progress_firmware_idx" ON "ota_progress" USING btree ("firmware_id","device","id");