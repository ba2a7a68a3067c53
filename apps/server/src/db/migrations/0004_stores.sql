CREATE TABLE "app_cancellation_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_user_id" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"purge_after" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"purged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "app_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "app_sign_in_failures" (
	"account" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_user_settings" (
	"app_user_id" integer PRIMARY KEY NOT NULL,
	"max_stores" integer,
	"max_devices_per_store" integer,
	"heatmap" boolean,
	"customer_counting" boolean,
	"retention_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"nickname" text NOT NULL,
	"country_code" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"last_login_at" timestamp with time zone,
	"last_login_ip" text DEFAULT '' NOT NULL,
	"purged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_user_id" integer NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"app_version" text DEFAULT '' NOT NULL,
	"phone_model" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" integer,
	"reply" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lighting_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"group_code" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobile_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_user_id" integer NOT NULL,
	"install_id" text NOT NULL,
	"platform" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"os_version" text DEFAULT '' NOT NULL,
	"app_version" text DEFAULT '' NOT NULL,
	"push_id" text DEFAULT '' NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"kind" text NOT NULL,
	"uuid" text NOT NULL,
	"device_code" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"model" text NOT NULL,
	"mesh_address" integer,
	"firmware_version" text DEFAULT '' NOT NULL,
	"group_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_devices_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "store_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" integer NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"code" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"invited_by" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_invitations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "store_members" (
	"store_id" integer NOT NULL,
	"app_user_id" integer NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_members_store_id_app_user_id_pk" PRIMARY KEY("store_id","app_user_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"mesh_id" text NOT NULL,
	"name" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"timezone" text NOT NULL,
	"country_code" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"next_group_code" integer DEFAULT 49153 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_mesh_id_unique" UNIQUE("mesh_id")
);
--> statement-breakpoint
ALTER TABLE "app_cancellation_requests" ADD CONSTRAINT "app_cancellation_requests_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_sessions" ADD CONSTRAINT "app_sessions_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user_settings" ADD CONSTRAINT "app_user_settings_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lighting_groups" ADD CONSTRAINT "lighting_groups_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_devices" ADD CONSTRAINT "mobile_devices_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_devices" ADD CONSTRAINT "store_devices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_devices" ADD CONSTRAINT "store_devices_group_id_lighting_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."lighting_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_events" ADD CONSTRAINT "store_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_invitations" ADD CONSTRAINT "store_invitations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_members" ADD CONSTRAINT "store_members_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_members" ADD CONSTRAINT "store_members_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_cancellation_requests_due_idx" ON "app_cancellation_requests" USING btree ("purge_after");--> statement-breakpoint
CREATE INDEX "app_sessions_user_idx" ON "app_sessions" USING btree ("app_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_users_email_key" ON "app_users" USING btree ("email") WHERE "app_users"."email" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "app_users_mobile_key" ON "app_users" USING btree ("mobile") WHERE "app_users"."mobile" <> '';--> statement-breakpoint
CREATE INDEX "app_users_created_idx" ON "app_users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "app_verification_codes_target_idx" ON "app_verification_codes" USING btree ("target","purpose");--> statement-breakpoint
CREATE INDEX "feedback_user_idx" ON "feedback" USING btree ("app_user_id");--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lighting_groups_store_code_key" ON "lighting_groups" USING btree ("store_id","group_code");--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_devices_user_install_key" ON "mobile_devices" USING btree ("app_user_id","install_id");--> statement-breakpoint
CREATE INDEX "store_devices_store_idx" ON "store_devices" USING btree ("store_id","kind");--> statement-breakpoint
CREATE INDEX "store_devices_group_idx" ON "store_devices" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "store_devices_created_idx" ON "store_devices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "store_events_store_idx" ON "store_events" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "store_invitations_store_idx" ON "store_invitations" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_members_one_admin" ON "store_members" USING btree ("store_id") WHERE "store_members"."role" = 'admin';--> statement-breakpoint
CREATE INDEX "store_members_user_idx" ON "store_members" USING btree ("app_user_id");--> statement-breakpoint
CREATE INDEX "stores_tenant_created_idx" ON "stores" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "stores_name_idx" ON "stores" USING btree ("name");--> statement-breakpoint
CREATE INDEX "stores_country_idx" ON "stores" USING btree ("country_code");