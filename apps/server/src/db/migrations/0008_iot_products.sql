CREATE TABLE "iot_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_key" text NOT NULL,
	"name" text NOT NULL,
	"node_type" text NOT NULL,
	"protocol" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"thing_model" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "iot_products_product_key_key" ON "iot_products" USING btree ("product_key");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_products_name_key" ON "iot_products" USING btree (lower("name"));