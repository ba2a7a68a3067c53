CREATE TABLE "analytics_device_daily" (
	"tenant_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"store_device_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"persons" integer DEFAULT 0 NOT NULL,
	"dwell_short" integer DEFAULT 0 NOT NULL,
	"dwell_medium" integer DEFAULT 0 NOT NULL,
	"dwell_long" integer DEFAULT 0 NOT NULL,
	"dwell_ms" bigint DEFAULT 0 NOT NULL,
	"walk_ins" integer DEFAULT 0 NOT NULL,
	"exits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_device_daily_store_device_id_local_date_pk" PRIMARY KEY("store_device_id","local_date")
);
--> statement-breakpoint
CREATE TABLE "analytics_device_hourly" (
	"tenant_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"store_device_id" integer NOT NULL,
	"local_hour" timestamp NOT NULL,
	"persons" integer DEFAULT 0 NOT NULL,
	"dwell_short" integer DEFAULT 0 NOT NULL,
	"dwell_medium" integer DEFAULT 0 NOT NULL,
	"dwell_long" integer DEFAULT 0 NOT NULL,
	"dwell_ms" bigint DEFAULT 0 NOT NULL,
	"walk_ins" integer DEFAULT 0 NOT NULL,
	"exits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_device_hourly_store_device_id_local_hour_pk" PRIMARY KEY("store_device_id","local_hour")
);
--> statement-breakpoint
CREATE TABLE "analytics_heatmap_daily" (
	"tenant_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"store_device_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"width" smallint NOT NULL,
	"height" smallint NOT NULL,
	"frames" integer NOT NULL,
	"cells" bigint[] NOT NULL,
	CONSTRAINT "analytics_heatmap_daily_store_device_id_local_date_width_height_pk" PRIMARY KEY("store_device_id","local_date","width","height")
);
--> statement-breakpoint
CREATE TABLE "analytics_heatmap_hourly" (
	"tenant_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"store_device_id" integer NOT NULL,
	"local_hour" timestamp NOT NULL,
	"width" smallint NOT NULL,
	"height" smallint NOT NULL,
	"frames" integer NOT NULL,
	"cells" bigint[] NOT NULL,
	CONSTRAINT "analytics_heatmap_hourly_store_device_id_local_hour_width_height_pk" PRIMARY KEY("store_device_id","local_hour","width","height")
);
--> statement-breakpoint
CREATE TABLE "analytics_people_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"store_device_id" integer,
	"kind" text NOT NULL,
	"people" integer NOT NULL,
	"people_limit" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "analytics_store_daily" (
	"tenant_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"persons" integer DEFAULT 0 NOT NULL,
	"dwell_short" integer DEFAULT 0 NOT NULL,
	"dwell_medium" integer DEFAULT 0 NOT NULL,
	"dwell_long" integer DEFAULT 0 NOT NULL,
	"dwell_ms" bigint DEFAULT 0 NOT NULL,
	"walk_ins" integer DEFAULT 0 NOT NULL,
	"exits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_store_daily_store_id_local_date_pk" PRIMARY KEY("store_id","local_date")
);
--> statement-breakpoint
CREATE TABLE "analytics_store_hourly" (
	"tenant_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"local_hour" timestamp NOT NULL,
	"persons" integer DEFAULT 0 NOT NULL,
	"dwell_short" integer DEFAULT 0 NOT NULL,
	"dwell_medium" integer DEFAULT 0 NOT NULL,
	"dwell_long" integer DEFAULT 0 NOT NULL,
	"dwell_ms" bigint DEFAULT 0 NOT NULL,
	"walk_ins" integer DEFAULT 0 NOT NULL,
	"exits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_store_hourly_store_id_local_hour_pk" PRIMARY KEY("store_id","local_hour")
);
--> statement-breakpoint
CREATE TABLE "analytics_store_minutely" (
	"tenant_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"persons" integer DEFAULT 0 NOT NULL,
	"dwell_short" integer DEFAULT 0 NOT NULL,
	"dwell_medium" integer DEFAULT 0 NOT NULL,
	"dwell_long" integer DEFAULT 0 NOT NULL,
	"dwell_ms" bigint DEFAULT 0 NOT NULL,
	"walk_ins" integer DEFAULT 0 NOT NULL,
	"exits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_store_minutely_store_id_minute_pk" PRIMARY KEY("store_id","minute")
);
--> statement-breakpoint
CREATE TABLE "analytics_store_limits" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"max_people" integer,
	"min_people" integer
);
--> statement-breakpoint
CREATE TABLE "analytics_zone_hourly" (
	"tenant_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"store_device_id" integer NOT NULL,
	"local_hour" timestamp NOT NULL,
	"people_max" integer NOT NULL,
	"people_min" integer NOT NULL,
	CONSTRAINT "analytics_zone_hourly_store_device_id_local_hour_pk" PRIMARY KEY("store_device_id","local_hour")
);
--> statement-breakpoint
CREATE TABLE "analytics_zones" (
	"store_device_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"rotation" smallint DEFAULT 0 NOT NULL,
	"max_people" integer,
	"min_people" integer,
	"people" integer,
	"at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "heatmap_sensor_placements" (
	"store_device_id" integer PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"rotation" integer NOT NULL,
	"scale" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer NOT NULL,
	CONSTRAINT "heatmap_sensor_placements_check" CHECK ("heatmap_sensor_placements"."x" between 0 and 1 and "heatmap_sensor_placements"."y" between 0 and 1 and "heatmap_sensor_placements"."rotation" in (0, 90, 180, 270) and "heatmap_sensor_placements"."scale" > 0)
);
--> statement-breakpoint
CREATE TABLE "store_floor_plans" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" integer NOT NULL,
	CONSTRAINT "store_floor_plans_size_check" CHECK ("store_floor_plans"."width" > 0 and "store_floor_plans"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "heatmap_sensor_placements" ADD CONSTRAINT "heatmap_sensor_placements_store_device_id_store_devices_id_fk" FOREIGN KEY ("store_device_id") REFERENCES "public"."store_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heatmap_sensor_placements" ADD CONSTRAINT "heatmap_sensor_placements_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_floor_plans" ADD CONSTRAINT "store_floor_plans_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_device_daily_store_idx" ON "analytics_device_daily" USING btree ("store_id","local_date");--> statement-breakpoint
CREATE INDEX "analytics_device_hourly_store_idx" ON "analytics_device_hourly" USING btree ("store_id","local_hour");--> statement-breakpoint
CREATE INDEX "analytics_heatmap_daily_store_idx" ON "analytics_heatmap_daily" USING btree ("store_id","local_date");--> statement-breakpoint
CREATE INDEX "analytics_heatmap_hourly_store_idx" ON "analytics_heatmap_hourly" USING btree ("store_id","local_hour");--> statement-breakpoint
CREATE INDEX "analytics_people_alerts_store_idx" ON "analytics_people_alerts" USING btree ("store_id","at");--> statement-breakpoint
CREATE INDEX "analytics_people_alerts_tenant_idx" ON "analytics_people_alerts" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "analytics_store_daily_date_idx" ON "analytics_store_daily" USING btree ("local_date","store_id");--> statement-breakpoint
CREATE INDEX "analytics_store_minutely_minute_idx" ON "analytics_store_minutely" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "analytics_zone_hourly_store_idx" ON "analytics_zone_hourly" USING btree ("store_id","local_hour");--> statement-breakpoint
CREATE INDEX "analytics_zones_store_idx" ON "analytics_zones" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "heatmap_sensor_placements_store_idx" ON "heatmap_sensor_placements" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "store_floor_plans_file_idx" ON "store_floor_plans" USING btree ("file_key");--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_location_check" CHECK (("stores"."latitude" is null) = ("stores"."longitude" is null) and "stores"."latitude" between -90 and 90 and "stores"."longitude" between -180 and 180);--> statement-breakpoint
-- A store handed to another agent takes its floor plan and its analytics along.
CREATE FUNCTION analytics_follow_store() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE store_floor_plans SET tenant_id = NEW.tenant_id WHERE store_id = NEW.id;
  UPDATE heatmap_sensor_placements SET tenant_id = NEW.tenant_id WHERE store_id = NEW.id;
  UPDATE analytics_device_hourly SET tenant_id = NEW.tenant_id WHERE store_id = NEW.id;
  UPDATE analytics_device_daily SET tenant_id = NEW.tenant_id WHERE store_id = NEW.id;
  UPDATE analytics_store_hourly SET tenant_id = NEW.tenant_id WHERE store_id = NEW.id;
  UPDATE analytics_store_daily SET tenant_id = NEW.tenant_id WHERE store_id = NEW.id;
  UPDATE analytics_store_minutely SET tenant_id = NEW.tenant_id WHERE store_id = NEW.id;
  UPDATE analytics_zone_hourly SET tenant_id = NEW.tenant_id WHERE store_id = NEW.id;
  UPDATE analytics_zones SET tenant_id = NEW.tenant_id WHERE store_id = NEW.id;
  UPDATE analytics_store_limits SET tenant_id = NEW.tenant_id WHERE store_id = NEW.id;
  UPDATE analytics_people_alerts SET tenant_id = NEW.tenant_id WHERE store_id = NEW.id;
  UPDATE analytics_heatmap_hourly SET tenant_id = NEW.tenant_id WHERE store_id = NEW.id;
  UPDATE analytics_heatmap_daily SET tenant_id = NEW.tenant_id WHERE store_id = NEW.id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER stores_tenant_moves_analytics AFTER UPDATE OF tenant_id ON stores
  FOR EACH ROW WHEN (OLD.tenant_id IS DISTINCT FROM NEW.tenant_id) EXECUTE FUNCTION analytics_follow_store();
