-- Webhooks (docs/decisions/0044-webhooks.md). An endpoint belongs to one user (an agency or an admin);
-- its signing secret is sealed (apps/server/src/lib/sealing.ts), never stored in clear. An event is
-- written in the transaction of the change it describes, with one delivery per subscribed endpoint
-- (fan-out at write time), so the delivery log and the worker's claims need no join through events.
CREATE TABLE "webhook_endpoints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_endpoints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"url" text NOT NULL,
	"events" text[] NOT NULL CHECK (cardinality("events") > 0),
	"secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	-- the first failed attempt since the last success: five days of failures disable the endpoint
	"failing_since" timestamp with time zone,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_owner_idx" ON "webhook_endpoints" USING btree ("owner_id","id");
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"order_id" integer,
	-- the body sent: {type, timestamp, data}
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"endpoint_id" integer NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE cascade,
	"event_id" integer NOT NULL REFERENCES "webhook_events"("id") ON DELETE cascade,
	-- the event's order, copied so the claim keeps one order's events in sequence per endpoint
	"order_id" integer,
	"status" text DEFAULT 'pending' NOT NULL CHECK ("status" IN ('pending', 'succeeded', 'failed')),
	-- attempts started, the one in flight included; it also fences a claim
	"attempts" integer DEFAULT 0 NOT NULL,
	-- attempts made before the current schedule began (a manual retry starts a new one)
	"schedule_start" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_order_idx" ON "webhook_deliveries" USING btree ("endpoint_id","order_id","id") WHERE status = 'pending';
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");
