CREATE TABLE "shipment_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"category" text NOT NULL,
	"shipment_device_id" integer,
	"store_device_id" integer,
	"shipment_id" integer,
	"uuid" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"staff_id" integer NOT NULL,
	"agent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"uuid" text DEFAULT '' NOT NULL,
	"device_code" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_no" text NOT NULL,
	"ship_date" date NOT NULL,
	"country_code" text NOT NULL,
	"agent_id" integer,
	"customer_name" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_devices" ADD CONSTRAINT "shipment_devices_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_corrections_item_idx" ON "shipment_corrections" USING btree ("category","shipment_device_id","store_device_id");--> statement-breakpoint
CREATE INDEX "shipment_corrections_created_idx" ON "shipment_corrections" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_devices_uuid_key" ON "shipment_devices" USING btree ("uuid") WHERE "shipment_devices"."uuid" <> '';--> statement-breakpoint
CREATE INDEX "shipment_devices_shipment_idx" ON "shipment_devices" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipment_devices_code_idx" ON "shipment_devices" USING btree ("device_code");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_batch_no_key" ON "shipments" USING btree (lower("batch_no"));--> statement-breakpoint
CREATE INDEX "shipments_agent_idx" ON "shipments" USING btree ("agent_id","ship_date");--> statement-breakpoint
CREATE INDEX "shipments_ship_date_idx" ON "shipments" USING btree ("ship_date","id");