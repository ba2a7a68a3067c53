-- Old days of raw reports are now detached, counted and dropped by the server in steps (modules/device/ingest/partitions.ts), so no single statement holds the lock every ingest needs.
DROP FUNCTION IF EXISTS device_reports_drop_before(timestamptz);
