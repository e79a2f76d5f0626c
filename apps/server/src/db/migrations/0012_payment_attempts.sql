CREATE TABLE "payment_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"agency_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer,
	"request_key" text NOT NULL,
	"method" text NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint NOT NULL,
	"coupon_id" integer,
	"description" text NOT NULL,
	"details" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway" text NOT NULL,
	"gateway_key" text,
	"charge_ref" text,
	"card" jsonb,
	"saved_ref" text,
	"payment_id" integer,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_amounts_check" CHECK ("payment_attempts"."amount_cents" > 0 and "payment_attempts"."discount_cents" >= 0 and "payment_attempts"."amount_cents" = "payment_attempts"."subtotal_cents" - "payment_attempts"."discount_cents"),
	CONSTRAINT "payment_attempts_order_kind_check" CHECK (("payment_attempts"."kind" = 'topup') = ("payment_attempts"."order_id" is null)),
	CONSTRAINT "payment_attempts_succeeded_check" CHECK (("payment_attempts"."status" = 'succeeded') = ("payment_attempts"."payment_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"charge_ref" text NOT NULL,
	"agency_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"card" jsonb,
	"saved_ref" text,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charges_charge_ref_unique" UNIQUE("charge_ref")
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_agency_id_users_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_request_key" ON "payment_attempts" USING btree ("user_id","request_key") WHERE "payment_attempts"."status" in ('pending', 'captured', 'succeeded');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_order_in_flight_key" ON "payment_attempts" USING btree ("order_id") WHERE "payment_attempts"."status" in ('pending', 'captured');--> statement-breakpoint
CREATE INDEX "payment_attempts_unsettled_idx" ON "payment_attempts" USING btree ("updated_at") WHERE "payment_attempts"."status" in ('pending', 'captured');--> statement-breakpoint
CREATE INDEX "payment_attempts_agency_idx" ON "payment_attempts" USING btree ("agency_id","id");