-- Downloads in flight: lost with a crash like the downloads themselves, so not worth the WAL.
CREATE UNLOGGED TABLE "ota_downloads" (
	"device" text NOT NULL,
	"slot" smallint NOT NULL,
	"holder" text NOT NULL,
	"download_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ota_downloads_device_slot_pk" PRIMARY KEY("device","slot")
);
--> statement-breakpoint
-- A shadow past the new limits (256 properties, 64 KiB) would refuse every further report of its
-- device: it starts again from what the device reports next.
UPDATE "iot_devices" SET "shadow" = '{}'::jsonb
WHERE octet_length("shadow"::text) > 65536 OR (SELECT count(*) FROM jsonb_object_keys("shadow")) > 256;
