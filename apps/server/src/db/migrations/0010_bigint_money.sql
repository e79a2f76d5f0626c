-- Money columns become 64-bit cents (docs/decisions/0001-integer-cents.md): a 32-bit integer
-- stopped at $21,474,836.47.
-- One ALTER TABLE per table, so each table is rewritten once. CHECK constraints, defaults, indexes
-- and the triggers of 0004/0005/0006/0008 stay: no trigger function declares a money variable (the
-- ledger trigger copies wallets.balance_cents into wallet_entries.balance_after_cents, both bigint
-- now), and the stats tables count rows, not money. The two wallet functions are re-created below.
ALTER TABLE "product_addons" ALTER COLUMN "price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "product_word_counts" ALTER COLUMN "price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_items"
  ALTER COLUMN "word_price_cents" SET DATA TYPE bigint,
  ALTER COLUMN "addon_price_cents" SET DATA TYPE bigint,
  ALTER COLUMN "cost_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ALTER COLUMN "discount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "offer_credits" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments"
  ALTER COLUMN "subtotal_cents" SET DATA TYPE bigint,
  ALTER COLUMN "discount_cents" SET DATA TYPE bigint,
  ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "wallet_entries"
  ALTER COLUMN "amount_cents" SET DATA TYPE bigint,
  ALTER COLUMN "balance_after_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "wallets" ALTER COLUMN "balance_cents" SET DATA TYPE bigint;--> statement-breakpoint
-- The outbox worker's lease (modules/mail/outbox.repository.ts claimDue): while in the future, an
-- instance is sending the email and no other claims it.
ALTER TABLE "outbox_emails" ADD COLUMN "locked_until" timestamp with time zone;
--> statement-breakpoint
-- The wallet trigger functions of 0004, unchanged, re-created: a session that ran them before this
-- migration (another instance's pooled connection during a rolling deploy) keeps plans typed for
-- integer money and fails every ledger insert with "type of parameter … does not match that when
-- preparing the plan" until it reconnects. Replacing a function makes every session recompile it.
CREATE OR REPLACE FUNCTION wallet_entries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallets SET balance_cents = balance_cents + NEW.amount_cents, updated_at = now()
    WHERE agency_id = NEW.agency_id
    RETURNING balance_cents INTO NEW.balance_after_cents;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'wallet of agency % does not exist', NEW.agency_id USING ERRCODE = '23503';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallets_guard_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance_cents IS DISTINCT FROM OLD.balance_cents AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'wallet balances change only through wallet_entries';
  END IF;
  RETURN NEW;
END;
$$;
