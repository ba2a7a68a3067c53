DROP INDEX "analytics_device_daily_store_idx";--> statement-breakpoint
DROP INDEX "analytics_device_hourly_store_idx";--> statement-breakpoint
ALTER TABLE "analytics_device_daily" DROP CONSTRAINT "analytics_device_daily_store_device_id_local_date_pk";--> statement-breakpoint
ALTER TABLE "analytics_device_hourly" DROP CONSTRAINT "analytics_device_hourly_store_device_id_local_hour_pk";--> statement-breakpoint
ALTER TABLE "analytics_device_daily" ADD CONSTRAINT "analytics_device_daily_store_id_local_date_store_device_id_pk" PRIMARY KEY("store_id","local_date","store_device_id");--> statement-breakpoint
ALTER TABLE "analytics_device_hourly" ADD CONSTRAINT "analytics_device_hourly_store_id_local_hour_store_device_id_pk" PRIMARY KEY("store_id","local_hour","store_device_id");