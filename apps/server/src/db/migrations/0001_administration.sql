CREATE TABLE "areas" (
	"code" text PRIMARY KEY NOT NULL,
	"parent_code" text,
	"name" text NOT NULL,
	"type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"value_type" text DEFAULT 'string' NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "configs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "depts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"leader_user_id" integer,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operate_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"user_id" integer,
	"username" text DEFAULT '' NOT NULL,
	"module" text NOT NULL,
	"action" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"params" text DEFAULT '' NOT NULL,
	"result_code" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"platform_name" text DEFAULT 'Lightdesk' NOT NULL,
	"default_brand" text DEFAULT 'lightdesk' NOT NULL,
	"registration_open" boolean DEFAULT true NOT NULL,
	"data_retention_days" integer DEFAULT 365 NOT NULL,
	"support_email" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_depts" (
	"role_id" integer NOT NULL,
	"dept_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_package_menus" (
	"package_id" integer NOT NULL,
	"menu_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_packages_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_posts" (
	"user_id" integer NOT NULL,
	"post_id" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_mobile_idx";--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "data_scope" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dept_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "depts" ADD CONSTRAINT "depts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_depts" ADD CONSTRAINT "role_depts_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_depts" ADD CONSTRAINT "role_depts_dept_id_depts_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."depts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_package_menus" ADD CONSTRAINT "tenant_package_menus_package_id_tenant_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."tenant_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_package_menus" ADD CONSTRAINT "tenant_package_menus_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_posts" ADD CONSTRAINT "user_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_posts" ADD CONSTRAINT "user_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "areas_parent_idx" ON "areas" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "depts_tenant_parent_idx" ON "depts" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "operate_log_tenant_time_idx" ON "operate_log" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_tenant_code_key" ON "posts" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "role_depts_key" ON "role_depts" USING btree ("role_id","dept_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_package_menus_key" ON "tenant_package_menus" USING btree ("package_id","menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_posts_key" ON "user_posts" USING btree ("user_id","post_id");--> statement-breakpoint
CREATE INDEX "user_posts_post_idx" ON "user_posts" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_key" ON "users" USING btree ("mobile") WHERE "users"."mobile" <> '';--> statement-breakpoint
CREATE INDEX "users_dept_idx" ON "users" USING btree ("dept_id");