CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"put_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The files stored before: every one a row refers to, so the sweep deletes it once nothing does.
-- A file nothing refers to now is not known here and stays where it is.
INSERT INTO "stored_files" ("key")
SELECT "key" FROM (
	SELECT "file_key" FROM "firmwares"
	UNION SELECT "file_key" FROM "app_versions"
	UNION SELECT "avatar" FROM "users"
	UNION SELECT jsonb_array_elements_text("images") FROM "feedback"
	UNION SELECT "file_key" FROM "store_floor_plans"
	UNION SELECT "key" FROM "content_files"
	UNION SELECT "storage_probe" FROM "cluster_members"
) AS "referenced" ("key")
WHERE "key" ~ '^[0-9a-f]{64}$';
