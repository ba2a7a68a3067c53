CREATE TABLE "analytics_report_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"period_start" date NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"error" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "analytics_report_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"scope" text NOT NULL,
	"store_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"language" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"owed_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_report_deliveries" ADD CONSTRAINT "analytics_report_deliveries_subscription_id_analytics_report_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."analytics_report_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_report_subscriptions" ADD CONSTRAINT "analytics_report_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_report_deliveries_period_key" ON "analytics_report_deliveries" USING btree ("subscription_id","frequency","period_start");--> statement-breakpoint
CREATE INDEX "analytics_report_subscriptions_user_idx" ON "analytics_report_subscriptions" USING btree ("user_id");