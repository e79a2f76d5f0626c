CREATE TABLE "activity_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"user_id" integer,
	"description" text NOT NULL,
	"file_key" text,
	"filename" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"version" integer NOT NULL,
	"word_count" integer NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"preview_html" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_version_check" CHECK ("documents"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_order_kind_check";--> statement-breakpoint
DROP INDEX "payments_order_key";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "revisions_left" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "review_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "auto_approve_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_logs_item_idx" ON "activity_logs" USING btree ("item_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_item_version_key" ON "documents" USING btree ("item_id","version");--> statement-breakpoint
CREATE INDEX "revisions_item_idx" ON "revisions" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "order_items_queue_idx" ON "order_items" USING btree ("due_at","id") WHERE "order_items"."deleted_at" is null and "order_items"."status" not in ('Unpaid', 'Approved');--> statement-breakpoint
CREATE INDEX "order_items_review_idx" ON "order_items" USING btree ("review_started_at") WHERE "order_items"."status" = 'Pending Review' and "order_items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "payments_order_refunds_idx" ON "payments" USING btree ("order_id") WHERE "payments"."kind" = 'refund';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_key" ON "payments" USING btree ("order_id") WHERE "payments"."kind" = 'order';--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_revisions_left_check" CHECK ("order_items"."revisions_left" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_kind_check" CHECK (("payments"."kind" = 'topup') = ("payments"."order_id" is null));--> statement-breakpoint
-- Due dates (docs/decisions/0010-due-dates-and-auto-approval.md): payment time + N business days,
-- Saturdays and Sundays skipped (UTC).
CREATE FUNCTION add_business_days(start timestamptz, days integer) RETURNS timestamptz LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  result timestamptz := start;
  added integer := 0;
BEGIN
  WHILE added < days LOOP
    result := result + interval '1 day';
    IF extract(isodow FROM result AT TIME ZONE 'UTC') < 6 THEN
      added := added + 1;
    END IF;
  END LOOP;
  RETURN result;
END;
$$;
--> statement-breakpoint
UPDATE order_items i SET due_at = add_business_days(o.paid_at, 5)
  FROM orders o
  WHERE o.id = i.order_id AND o.paid_at IS NOT NULL AND i.due_at IS NULL;
