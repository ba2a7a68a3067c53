CREATE TABLE "social_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"browser_hash" text NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" integer,
	"remember_me" boolean DEFAULT false NOT NULL,
	"redirect" text DEFAULT '' NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"ticket_hash" text,
	"issuer" text,
	"subject" text,
	"failure" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_flows_state_hash_unique" UNIQUE("state_hash"),
	CONSTRAINT "social_flows_ticket_hash_unique" UNIQUE("ticket_hash")
);
--> statement-breakpoint
CREATE TABLE "social_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"linked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_name" text NOT NULL,
	"trigger" text NOT NULL,
	"payload" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"timeout_seconds" integer NOT NULL,
	"started_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"error" text DEFAULT '' NOT NULL,
	"result" jsonb,
	"worker" text DEFAULT '' NOT NULL,
	"requested_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"schedule" text DEFAULT '' NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "configs" ADD COLUMN "visibility" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "social_flows" ADD CONSTRAINT "social_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_links" ADD CONSTRAINT "social_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_links_identity_key" ON "social_links" USING btree ("issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "social_links_user_provider_key" ON "social_links" USING btree ("user_id","provider");--> statement-breakpoint
CREATE INDEX "job_runs_due_idx" ON "job_runs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "job_runs_job_idx" ON "job_runs" USING btree ("job_name","id");--> statement-breakpoint
-- Parameters readable by key: those that were visible to every signed-in user stay readable by the platform's staff only.
UPDATE "configs" SET "visibility" = 'platform' WHERE "visible";--> statement-breakpoint
ALTER TABLE "configs" DROP COLUMN "visible";--> statement-breakpoint
-- Sign-in no longer locks accounts: failures are counted per username and client address in the login log.
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";--> statement-breakpoint
-- Sign-in codes are no longer kept readable: mask those in the outbox, and drop codes hashed the old, fast way.
UPDATE "sms_outbox" SET "content" = regexp_replace("content", '[0-9]{4,8}', '******', 'g') WHERE "template" = 'login-code';--> statement-breakpoint
DELETE FROM "sms_codes";