-- The discount a coupon gives on a subtotal, exactly as couponDiscountCents (packages/shared,
-- pricing.ts) computes it for the same coupon, so the apply call and the payment never differ by a
-- cent: a fixed coupon (cents) must be below the subtotal, else NULL; a percentage (hundredths of a
-- percent) is computed in double precision, as JavaScript does, and rounded half up as Math.round.
CREATE FUNCTION coupon_discount_cents(coupon_type text, amount bigint, subtotal_cents bigint) RETURNS bigint LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  exact float8;
BEGIN
  IF coupon_type = 'fixed' THEN
    RETURN CASE WHEN amount < subtotal_cents THEN amount END;
  END IF;
  exact := subtotal_cents::float8 * least(100, greatest(0, amount::float8 / 100)) / 100;
  RETURN least(subtotal_cents, (floor(exact) + CASE WHEN exact - floor(exact) >= 0.5 THEN 1 ELSE 0 END)::bigint);
END;
$$;
--> statement-breakpoint
-- A wallet payment of an order in one round trip (issue 10): what payOrder and bookOrderPayment do
-- for the Balance method, in their order, inside the caller's transaction. Locks the order (in the
-- caller's scope: an agency's orders, or only the caller's own), then the wallet, then the coupon:
-- the order every payment booking takes them in, so a wallet and a card payment cannot deadlock.
-- Every refusal is decided before anything is written and answered in `refusal` (payments.service.ts
-- maps it to the customer's message), with the card attempt that holds the order when it is
-- 'in_flight'. Otherwise it writes the payment (its invoice number comes from the insert trigger),
-- the coupon use, the wallet debit (never an overdraft: the balance was read under the wallet lock),
-- the order and its items paid with an activity line each, and the one-time offer credit when this
-- payment takes the agency's paid orders to the threshold.
CREATE FUNCTION pay_order_from_wallet(
  p_order_id integer,
  p_agency_id integer,
  p_user_id integer,
  p_scope_agency_id integer,
  p_scope_user_id integer,
  p_coupon_id integer,
  p_coupon_code text,
  p_today date,
  p_description text,
  p_due_business_days integer,
  p_offer_threshold_cents bigint,
  p_offer_credit_cents bigint,
  p_offer_description text,
  OUT refusal text,
  OUT in_flight_attempt_id integer,
  OUT paid_payment_id integer,
  OUT offer_credited boolean
) LANGUAGE plpgsql AS $$
DECLARE
  order_total bigint;
  order_paid_at timestamptz;
  wallet_row wallets%ROWTYPE;
  coupon_row coupons%ROWTYPE;
  discount bigint := 0;
  charge bigint;
BEGIN
  offer_credited := false;
  SELECT o.total_cents, o.paid_at INTO order_total, order_paid_at
    FROM orders o
    WHERE o.id = p_order_id AND o.deleted_at IS NULL
      AND (p_scope_agency_id IS NULL OR o.agency_id = p_scope_agency_id)
      AND (p_scope_user_id IS NULL OR o.user_id = p_scope_user_id)
    FOR UPDATE;
  IF NOT FOUND THEN
    refusal := 'not_found';
    RETURN;
  END IF;
  IF order_paid_at IS NOT NULL THEN
    refusal := 'already_paid';
    RETURN;
  END IF;
  SELECT a.id INTO in_flight_attempt_id FROM payment_attempts a WHERE a.order_id = p_order_id AND a.status IN ('pending', 'captured') LIMIT 1;
  IF in_flight_attempt_id IS NOT NULL THEN
    refusal := 'in_flight';
    RETURN;
  END IF;

  SELECT * INTO wallet_row FROM wallets w WHERE w.agency_id = p_agency_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'agency % has no wallet', p_agency_id;
  END IF;

  -- The coupon rules of assertUsable (coupon-rules.ts), in its order, on the locked row: a use
  -- counted here cannot be taken by a payment racing for the last one.
  IF p_coupon_id IS NOT NULL THEN
    SELECT * INTO coupon_row FROM coupons c WHERE c.id = p_coupon_id AND c.deleted_at IS NULL FOR UPDATE;
  ELSIF p_coupon_code IS NOT NULL THEN
    SELECT * INTO coupon_row FROM coupons c WHERE lower(c.code) = p_coupon_code AND c.deleted_at IS NULL FOR UPDATE;
  END IF;
  IF p_coupon_id IS NOT NULL OR p_coupon_code IS NOT NULL THEN
    IF coupon_row.id IS NULL THEN
      refusal := 'coupon_unknown';
    ELSIF coupon_row.status <> 1 THEN
      refusal := 'coupon_inactive';
    ELSIF coupon_row.expiry < p_today THEN
      refusal := 'coupon_expired';
    ELSIF coupon_row.used_count >= coupon_row.usage_limit THEN
      refusal := 'coupon_used_up';
    ELSIF cardinality(coupon_row.agency_ids) > 0 AND array_position(coupon_row.agency_ids, p_agency_id) IS NULL THEN
      refusal := 'coupon_not_for_you';
    ELSE
      discount := coupon_discount_cents(coupon_row.type, coupon_row.amount, order_total);
      IF discount IS NULL THEN
        refusal := 'coupon_above_total';
      END IF;
    END IF;
    IF refusal IS NOT NULL THEN
      RETURN;
    END IF;
  END IF;

  charge := order_total - discount;
  IF charge > 0 AND wallet_row.balance_cents < charge THEN
    refusal := 'balance_not_enough';
    RETURN;
  END IF;

  INSERT INTO payments (kind, agency_id, user_id, order_id, method, subtotal_cents, discount_cents, amount_cents, coupon_id, description)
    VALUES ('order', p_agency_id, p_user_id, p_order_id, 'Balance', order_total, discount, charge, coupon_row.id, p_description)
    RETURNING id INTO paid_payment_id;
  IF coupon_row.id IS NOT NULL THEN
    UPDATE coupons SET used_count = used_count + 1 WHERE id = coupon_row.id;
    INSERT INTO coupon_redemptions (coupon_id, payment_id, order_id, user_id, discount_cents)
      VALUES (coupon_row.id, paid_payment_id, p_order_id, p_user_id, discount);
  END IF;
  IF charge > 0 THEN
    INSERT INTO wallet_entries (agency_id, amount_cents, balance_after_cents, kind, description, actor_id, payment_id, order_id)
      VALUES (p_agency_id, -charge, 0, 'order_payment', p_description, p_user_id, paid_payment_id, p_order_id);
  END IF;
  -- As paidOrdersRepository.markPaid: one statement, so the row and statement triggers keep the
  -- agency counters and the fulfilment queue totals exactly as for a card payment.
  WITH paid_order AS (
    UPDATE orders SET paid_at = now(), payment_id = paid_payment_id, updated_at = now() WHERE id = p_order_id
  ), released AS (
    UPDATE order_items SET status = 'Unassigned', due_at = add_business_days(now(), p_due_business_days), updated_at = now()
    WHERE order_id = p_order_id AND status = 'Unpaid' AND deleted_at IS NULL
  )
  INSERT INTO activity_logs (item_id, user_id, description)
  SELECT i.id, p_user_id, format('Paid with order #%s (payment #%s)', p_order_id, paid_payment_id)
  FROM order_items i
  WHERE i.order_id = p_order_id AND i.deleted_at IS NULL;

  -- The wallet row was read before this payment counted into its running total.
  IF NOT wallet_row.offer_granted AND wallet_row.paid_orders_cents + charge >= p_offer_threshold_cents THEN
    INSERT INTO offer_credits (agency_id, amount_cents, payment_id) VALUES (p_agency_id, p_offer_credit_cents, paid_payment_id) ON CONFLICT DO NOTHING;
    IF FOUND THEN
      INSERT INTO wallet_entries (agency_id, amount_cents, balance_after_cents, kind, description, actor_id, payment_id)
        VALUES (p_agency_id, p_offer_credit_cents, 0, 'offer_credit', p_offer_description, p_user_id, paid_payment_id);
      offer_credited := true;
    END IF;
  END IF;
END;
$$;
