CREATE TABLE "device_command_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"command_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"payload" jsonb NOT NULL,
	"gateway_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sent_by" integer NOT NULL,
	"command" jsonb NOT NULL,
	"target" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "iot_devices" DROP CONSTRAINT "iot_devices_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "iot_devices" DROP CONSTRAINT "iot_devices_store_device_id_store_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "device_command_jobs" ADD CONSTRAINT "device_command_jobs_command_id_device_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."device_commands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_command_jobs" ADD CONSTRAINT "device_command_jobs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_command_jobs_command_idx" ON "device_command_jobs" USING btree ("command_id");--> statement-breakpoint
CREATE INDEX "device_command_jobs_store_state_idx" ON "device_command_jobs" USING btree ("store_id","state","created_at");--> statement-breakpoint
CREATE INDEX "device_commands_tenant_idx" ON "device_commands" USING btree ("tenant_id","created_at");--> statement-breakpoint
ALTER TABLE "iot_devices" ADD CONSTRAINT "iot_devices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_devices" ADD CONSTRAINT "iot_devices_store_device_id_store_devices_id_fk" FOREIGN KEY ("store_device_id") REFERENCES "public"."store_devices"("id") ON DELETE set null ON UPDATE no action;