ALTER TABLE "coupon_redemptions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "wallet_entries_payment_idx" ON "wallet_entries" USING btree ("payment_id");--> statement-breakpoint
-- Refunds in every money figure (docs/decisions/0033-refunds-in-every-figure.md).
--
-- 1. The wallet's running total of paid orders (migration 0014) is now what the agency's orders
-- cost net of their refunds: a refund lowers it as its payment raised it. The spending figure and
-- the offer's progress read it; the booking's offer check reads it under the wallet lock, so an
-- order refunded before the threshold no longer counts towards it. A credit already granted stays
-- (`wallets.offer_granted` and the `offer_credits` primary key are unchanged).
CREATE OR REPLACE FUNCTION wallets_count_order_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallets SET paid_orders_cents = paid_orders_cents + CASE WHEN NEW.kind = 'refund' THEN -NEW.amount_cents ELSE NEW.amount_cents END
    WHERE agency_id = NEW.agency_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'agency % has no wallet', NEW.agency_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER payments_paid_orders ON payments;
--> statement-breakpoint
CREATE TRIGGER payments_paid_orders AFTER INSERT ON payments FOR EACH ROW WHEN (NEW.kind IN ('order', 'refund')) EXECUTE FUNCTION wallets_count_order_payment();
--> statement-breakpoint
UPDATE wallets w SET paid_orders_cents = coalesce(s.total, 0)
  FROM (SELECT w2.agency_id, (SELECT sum(CASE WHEN p.kind = 'refund' THEN -p.amount_cents ELSE p.amount_cents END)
      FROM payments p WHERE p.agency_id = w2.agency_id AND p.kind IN ('order', 'refund')) AS total
    FROM wallets w2) s
  WHERE w.agency_id = s.agency_id AND w.paid_orders_cents IS DISTINCT FROM coalesce(s.total, 0);
--> statement-breakpoint
-- 2. book_refund of migration 0017, now also giving a coupon use back when the order is refunded in
-- full (`p_item_id` NULL: the deletion of the order refunds whatever of its payment is left, so the
-- order's refunds then add up to its payment). The use stays in the coupon's history, marked
-- `refunded_at`, and leaves `coupons.used_count`; a partial refund (one item) keeps it. The coupon
-- is updated before the refund's payment and ledger entry, which lock the wallet: the order (held
-- by the caller), the coupon, then the wallet, as book_order_payment takes them. A full refund of
-- an order the coupon paid in whole refunds nothing but still gives the use back.
CREATE OR REPLACE FUNCTION book_refund(
  p_order_id integer,
  p_item_id integer,
  p_actor_id integer,
  p_description text,
  OUT amount_cents bigint,
  OUT credit_note text
) LANGUAGE plpgsql AS $$
DECLARE
  paid payments%ROWTYPE;
  remaining bigint;
  item_cost bigint;
  refund_id integer;
BEGIN
  amount_cents := 0;
  SELECT * INTO paid FROM payments p WHERE p.order_id = p_order_id AND p.kind = 'order';
  IF NOT FOUND THEN
    RETURN;
  END IF;
  remaining := paid.amount_cents - coalesce((SELECT sum(r.amount_cents) FROM payments r WHERE r.order_id = p_order_id AND r.kind = 'refund'), 0);
  IF p_item_id IS NULL THEN
    amount_cents := remaining;
    IF paid.coupon_id IS NOT NULL THEN
      UPDATE coupon_redemptions r SET refunded_at = now() WHERE r.payment_id = paid.id AND r.refunded_at IS NULL;
      IF FOUND THEN
        UPDATE coupons SET used_count = used_count - 1 WHERE id = paid.coupon_id;
      END IF;
    END IF;
  ELSIF paid.subtotal_cents > 0 THEN
    SELECT i.cost_cents INTO item_cost FROM order_items i WHERE i.id = p_item_id AND i.order_id = p_order_id;
    amount_cents := greatest(0, least(floor(item_cost::numeric * paid.amount_cents / paid.subtotal_cents)::bigint, remaining));
  END IF;
  IF amount_cents <= 0 THEN
    amount_cents := 0;
    RETURN;
  END IF;
  INSERT INTO payments (kind, agency_id, user_id, order_id, method, subtotal_cents, amount_cents, description)
    SELECT 'refund', o.agency_id, o.user_id, o.id, 'Balance', amount_cents, amount_cents, p_description FROM orders o WHERE o.id = p_order_id
    RETURNING id, invoice_number INTO refund_id, credit_note;
  INSERT INTO wallet_entries (agency_id, amount_cents, balance_after_cents, kind, description, actor_id, payment_id, order_id)
    SELECT o.agency_id, amount_cents, 0, 'refund', p_description, p_actor_id, refund_id, o.id FROM orders o WHERE o.id = p_order_id;
END;
$$;
--> statement-breakpoint
-- 3. The billing history, read from the ledger: one row per wallet entry (with the payment it books,
-- if it has its own: a top-up, an admin credit, a wallet payment, a refund; the offer credit has
-- none and points at the payment that earned it), then one row per payment that moved no wallet (a
-- card payment, an order the coupon paid in whole). Every entry is one row, so the rows' wallet
-- amounts add up to the balance whatever is listed; every payment is one row, so every invoice and
-- credit note is listed. `seq` and `seq_part` order the rows as the payments were numbered, the
-- offer credit right after the payment that earned it.
CREATE VIEW billing_history AS
  SELECT
    CASE WHEN p.id IS NULL THEN 'e' || e.id ELSE 'p' || p.id END AS row_key,
    e.agency_id,
    p.id AS payment_id,
    e.id AS entry_id,
    CASE e.kind WHEN 'topup_card' THEN 'topup' WHEN 'topup_admin' THEN 'admin_credit' WHEN 'order_payment' THEN 'order' ELSE e.kind END AS kind,
    coalesce(p.user_id, e.agency_id) AS user_id,
    coalesce(p.order_id, e.order_id) AS order_id,
    CASE WHEN p.id IS NOT NULL THEN p.method WHEN e.kind = 'offer_credit' THEN 'Offer' WHEN e.kind = 'topup_admin' THEN 'Admin' ELSE 'Balance' END AS method,
    coalesce(p.amount_cents, abs(e.amount_cents)) AS amount_cents,
    e.amount_cents AS wallet_cents,
    e.balance_after_cents,
    coalesce(p.description, e.description) AS description,
    p.invoice_number,
    coalesce(p.created_at, e.created_at) AS created_at,
    coalesce(p.id, e.payment_id, 0) AS seq,
    CASE WHEN p.id IS NULL THEN 1 ELSE 0 END AS seq_part
  FROM wallet_entries e
  LEFT JOIN payments p ON p.id = e.payment_id AND e.kind <> 'offer_credit'
  UNION ALL
  SELECT
    'p' || p.id,
    p.agency_id,
    p.id,
    NULL::integer,
    CASE WHEN p.kind = 'topup' AND p.method = 'Admin' THEN 'admin_credit' ELSE p.kind END,
    p.user_id,
    p.order_id,
    p.method,
    p.amount_cents,
    0::bigint,
    NULL::bigint,
    p.description,
    p.invoice_number,
    p.created_at,
    p.id,
    0
  FROM payments p
  WHERE NOT EXISTS (SELECT 1 FROM wallet_entries e WHERE e.payment_id = p.id AND e.kind <> 'offer_credit');
