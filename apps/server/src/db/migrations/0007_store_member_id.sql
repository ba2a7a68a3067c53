ALTER TABLE "store_members" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "store_members_id_key" ON "store_members" USING btree ("id");