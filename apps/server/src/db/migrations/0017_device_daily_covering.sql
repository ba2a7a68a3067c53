-- A store's products over a month or a year read each device's daily figures. Rows of one store
-- lie on as many pages as there are rows (they are written day by day, among all stores'), so the
-- key also carries the figures: the read is an index-only scan of a few pages. The key columns
-- and the constraint's name stay as the schema declares them.
ALTER TABLE "analytics_device_daily"
  DROP CONSTRAINT "analytics_device_daily_store_id_local_date_store_device_id_pk",
  ADD CONSTRAINT "analytics_device_daily_store_id_local_date_store_device_id_pk" PRIMARY KEY ("store_id", "local_date", "store_device_id")
    INCLUDE ("persons", "dwell_short", "dwell_medium", "dwell_long", "dwell_ms", "walk_ins", "exits");
