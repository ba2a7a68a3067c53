CREATE TABLE "device_report_messages" (
	"sender_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "device_report_messages_sender_id_message_id_pk" PRIMARY KEY("sender_id","message_id")
);
--> statement-breakpoint
-- The message ids of the reports already stored, each from its first arrival: a resend of one of
-- them adds nothing either, and its id is forgotten when a new one's would be.
INSERT INTO "device_report_messages" ("sender_id", "message_id", "received_at")
SELECT "sender_id", "message_id", min("received_at") FROM "device_reports" GROUP BY "sender_id", "message_id";
--> statement-breakpoint
CREATE INDEX "device_report_messages_received_idx" ON "device_report_messages" USING btree ("received_at");--> statement-breakpoint
DROP INDEX "device_reports_message_key";
