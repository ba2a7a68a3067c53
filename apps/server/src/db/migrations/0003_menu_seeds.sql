CREATE TABLE "menu_seeds" (
	"key" text PRIMARY KEY NOT NULL,
	"menu_id" integer NOT NULL
);
--> statement-breakpoint
-- A database made before the seed keys existed already holds the built-in entries it was seeded with.
INSERT INTO "menu_seeds" ("key", "menu_id")
SELECT DISTINCT ON (key) key, id FROM (
	SELECT CASE WHEN "type" = 'B' THEN "permission" ELSE "component_name" END AS key, "id" FROM "menus"
) AS seeded
WHERE key <> ''
ORDER BY key, id
ON CONFLICT DO NOTHING;
