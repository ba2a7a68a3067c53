CREATE TABLE "device_nonces" (
	"device_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "device_nonces_device_id_nonce_pk" PRIMARY KEY("device_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "device_reports" (
	"id" bigserial NOT NULL,
	"tenant_id" integer NOT NULL,
	"store_id" integer,
	"sender_id" integer NOT NULL,
	"subject" text NOT NULL,
	"store_device_id" integer,
	"kind" text NOT NULL,
	"message_id" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "device_reports_id_reported_at_pk" PRIMARY KEY("id","reported_at")
) PARTITION BY RANGE ("reported_at");
--> statement-breakpoint
-- Daily partitions are made ahead by the server (device_reports_YYYYMMDD); a report dated outside them lands here.
CREATE TABLE "device_reports_default" PARTITION OF "device_reports" DEFAULT;
--> statement-breakpoint
CREATE TABLE "device_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"store_id" integer,
	"store_device_id" integer,
	"iot_device_id" integer,
	"online" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"previous_ms" bigint
);
--> statement-breakpoint
CREATE TABLE "iot_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"device_name" text NOT NULL,
	"secret_generation" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"store_id" integer,
	"store_device_id" integer,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_online_at" timestamp with time zone,
	"shadow" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"shadow_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "store_devices" ADD COLUMN "online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_devices" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_devices" ADD COLUMN "status_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "iot_devices" ADD CONSTRAINT "iot_devices_product_id_iot_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."iot_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_devices" ADD CONSTRAINT "iot_devices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_devices" ADD CONSTRAINT "iot_devices_store_device_id_store_devices_id_fk" FOREIGN KEY ("store_device_id") REFERENCES "public"."store_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_nonces_expiry_idx" ON "device_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_reports_message_key" ON "device_reports" USING btree ("sender_id","message_id","reported_at");--> statement-breakpoint
CREATE INDEX "device_reports_store_idx" ON "device_reports" USING btree ("store_id","kind","reported_at");--> statement-breakpoint
CREATE INDEX "device_status_changes_store_device_idx" ON "device_status_changes" USING btree ("store_device_id","at");--> statement-breakpoint
CREATE INDEX "device_status_changes_iot_device_idx" ON "device_status_changes" USING btree ("iot_device_id","at");--> statement-breakpoint
CREATE INDEX "device_status_changes_store_idx" ON "device_status_changes" USING btree ("store_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_devices_product_name_key" ON "iot_devices" USING btree ("product_id","device_name");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_devices_store_device_key" ON "iot_devices" USING btree ("store_device_id");--> statement-breakpoint
CREATE INDEX "iot_devices_tenant_idx" ON "iot_devices" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "iot_devices_store_idx" ON "iot_devices" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "store_devices_online_idx" ON "store_devices" USING btree ("online","last_seen_at");--> statement-breakpoint
-- Makes the partition of one UTC day, unless reports of that day already sit in the default partition.
CREATE FUNCTION device_reports_make_day(day date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  name text := 'device_reports_' || to_char(day, 'YYYYMMDD');
  lower timestamptz := day::timestamp AT TIME ZONE 'UTC';
  upper timestamptz := (day + 1)::timestamp AT TIME ZONE 'UTC';
BEGIN
  IF to_regclass(name) IS NOT NULL THEN RETURN true; END IF;
  IF EXISTS (SELECT 1 FROM device_reports_default WHERE reported_at >= lower AND reported_at < upper) THEN RETURN false; END IF;
  EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF device_reports FOR VALUES FROM (%L) TO (%L)', name, lower, upper);
  RETURN true;
END $$;
--> statement-breakpoint
-- Drops the daily partitions wholly before the cutoff and deletes older rows of the default partition; answers the reports removed.
CREATE FUNCTION device_reports_drop_before(cutoff timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  part record;
  removed bigint := 0;
  n bigint;
BEGIN
  FOR part IN
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
    WHERE p.relname = 'device_reports' AND c.relname ~ '^device_reports_[0-9]{8}$'
      AND (to_date(right(c.relname, 8), 'YYYYMMDD') + 1)::timestamp AT TIME ZONE 'UTC' <= cutoff
  LOOP
    EXECUTE format('SELECT count(*) FROM %I', part.name) INTO n;
    EXECUTE format('DROP TABLE %I', part.name);
    removed := removed + n;
  END LOOP;
  DELETE FROM device_reports_default WHERE reported_at < cutoff;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN removed + n;
END $$;
