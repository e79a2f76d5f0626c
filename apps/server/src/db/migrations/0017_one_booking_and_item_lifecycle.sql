CREATE TABLE "item_transitions" (
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actors" text[] NOT NULL,
	CONSTRAINT "item_transitions_from_status_to_status_pk" PRIMARY KEY("from_status","to_status")
);
--> statement-breakpoint
-- The item lifecycle (docs/decisions/0004-item-state-machine.md). Each row is one legal move and who
-- may make it; `Deleted` is the soft deletion (deleted_at set, the status kept as it was).
INSERT INTO item_transitions (from_status, to_status, actors) VALUES
  ('Unpaid', 'Unassigned', '{payment}'),
  ('Unassigned', 'In Progress', '{fulfilment}'),
  ('Revision Requested', 'In Progress', '{fulfilment}'),
  ('In Progress', 'Pending Review', '{fulfilment}'),
  ('Pending Review', 'Approved', '{orderer,auto_approval}'),
  ('Pending Review', 'Revision Requested', '{orderer}'),
  ('Unpaid', 'Deleted', '{admin}'),
  ('Unassigned', 'Deleted', '{admin}'),
  ('In Progress', 'Deleted', '{admin}'),
  ('Pending Review', 'Deleted', '{admin}'),
  ('Revision Requested', 'Deleted', '{admin}');
--> statement-breakpoint
-- Refuses, from any client, a change of an item's status or deletion that the table does not list,
-- with SQLSTATE CD001. A deleted item never changes status and is never brought back.
CREATE FUNCTION order_items_check_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NOT NULL THEN
    IF NEW.deleted_at IS NULL OR NEW.status IS DISTINCT FROM OLD.status THEN
      RAISE EXCEPTION 'order item % is deleted: its status cannot change', OLD.id USING ERRCODE = 'CD001';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.deleted_at IS NOT NULL AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION 'order item % cannot change status and be deleted at once', OLD.id USING ERRCODE = 'CD001';
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM item_transitions t
    WHERE t.from_status = OLD.status AND t.to_status = CASE WHEN NEW.deleted_at IS NOT NULL THEN 'Deleted' ELSE NEW.status END
  ) THEN
    RAISE EXCEPTION 'order item % cannot move from % to %', OLD.id, OLD.status,
      CASE WHEN NEW.deleted_at IS NOT NULL THEN 'Deleted' ELSE NEW.status END USING ERRCODE = 'CD001';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_transition BEFORE UPDATE OF status, deleted_at ON order_items FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION order_items_check_transition();
--> statement-breakpoint
-- The one writer of item status: moves the live items of `p_item_ids` that may go to `p_to` by
-- `p_by` (per item_transitions), sets what the new state carries (due date on release, writer on
-- take, review clock on delivery, one revision fewer, approval time, deletion time) and writes one
-- activity entry per moved item (with the delivered file, if any). Items that may not move are left alone; the ids moved are returned.
-- The counters follow through the order_items triggers.
CREATE FUNCTION move_items(
  p_item_ids integer[],
  p_to text,
  p_by text,
  p_user_id integer,
  p_description text,
  p_at timestamptz DEFAULT now(),
  p_agent_id integer DEFAULT NULL,
  p_file_key text DEFAULT NULL,
  p_filename text DEFAULT NULL
) RETURNS integer[] LANGUAGE plpgsql AS $$
DECLARE
  moved integer[];
BEGIN
  WITH moved_rows AS (
    UPDATE order_items i SET
      status = CASE WHEN p_to = 'Deleted' THEN i.status ELSE p_to END,
      deleted_at = CASE WHEN p_to = 'Deleted' THEN p_at ELSE i.deleted_at END,
      -- Released to the writers: due five business days after the payment.
      due_at = CASE WHEN p_to = 'Unassigned' THEN add_business_days(p_at, 5) ELSE i.due_at END,
      linkagent_id = CASE WHEN p_to = 'In Progress' THEN p_agent_id ELSE i.linkagent_id END,
      review_started_at = CASE p_to WHEN 'Pending Review' THEN p_at WHEN 'Revision Requested' THEN NULL ELSE i.review_started_at END,
      auto_approve_warned_at = CASE WHEN p_to IN ('Pending Review', 'Revision Requested') THEN NULL ELSE i.auto_approve_warned_at END,
      revisions_left = CASE WHEN p_to = 'Revision Requested' THEN i.revisions_left - 1 ELSE i.revisions_left END,
      approved_at = CASE WHEN p_to = 'Approved' THEN p_at ELSE i.approved_at END,
      updated_at = CASE WHEN p_to = 'Deleted' THEN i.updated_at ELSE now() END
    FROM item_transitions t
    WHERE i.id = ANY (p_item_ids) AND i.deleted_at IS NULL
      AND t.from_status = i.status AND t.to_status = p_to AND p_by = ANY (t.actors)
    RETURNING i.id
  ), logged AS (
    INSERT INTO activity_logs (item_id, user_id, description, file_key, filename)
    SELECT id, p_user_id, p_description, p_file_key, p_filename FROM moved_rows
  )
  SELECT coalesce(array_agg(id ORDER BY id), '{}') INTO moved FROM moved_rows;
  RETURN moved;
END;
$$;
--> statement-breakpoint
-- Why a coupon may not be used by an agency on a day, or NULL when it may: the only statement of
-- the coupon rules (docs/decisions/0003-one-booking-routine.md). A missing coupon is a row of NULLs.
CREATE FUNCTION coupon_refusal(c coupons, p_agency_id integer, p_today date) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN c.id IS NULL OR c.deleted_at IS NOT NULL THEN 'coupon_unknown'
    WHEN c.status <> 1 THEN 'coupon_inactive'
    WHEN c.expiry < p_today THEN 'coupon_expired'
    WHEN c.used_count >= c.usage_limit THEN 'coupon_used_up'
    WHEN cardinality(c.agency_ids) > 0 AND array_position(c.agency_ids, p_agency_id) IS NULL THEN 'coupon_not_for_you'
  END
$$;
--> statement-breakpoint
-- What paying an order would take, decided under the locks a booking holds: the order (in the
-- payer's scope: an agency's orders, or only the payer's own), then the coupon. Answers a refusal
-- (nothing is written) or the subtotal, the coupon's discount and the charge. `p_attempt_id` is the
-- card attempt being settled, which does not count as another payment in flight.
CREATE FUNCTION order_payment_terms(
  p_order_id integer,
  p_agency_id integer,
  p_scope_agency_id integer,
  p_scope_user_id integer,
  p_coupon_id integer,
  p_coupon_code text,
  p_today date,
  p_attempt_id integer,
  OUT refusal text,
  OUT in_flight_attempt_id integer,
  OUT subtotal_cents bigint,
  OUT discount_cents bigint,
  OUT charge_cents bigint,
  OUT coupon_id integer
) LANGUAGE plpgsql AS $$
DECLARE
  order_paid_at timestamptz;
  coupon_row coupons%ROWTYPE;
BEGIN
  SELECT o.total_cents, o.paid_at INTO subtotal_cents, order_paid_at
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
  SELECT a.id INTO in_flight_attempt_id FROM payment_attempts a
    WHERE a.order_id = p_order_id AND a.status IN ('pending', 'captured') AND a.id IS DISTINCT FROM p_attempt_id
    LIMIT 1;
  IF in_flight_attempt_id IS NOT NULL THEN
    refusal := 'in_flight';
    RETURN;
  END IF;

  discount_cents := 0;
  IF p_coupon_id IS NOT NULL OR p_coupon_code IS NOT NULL THEN
    -- Locked: a use counted by this payment cannot be taken by one racing for the last one.
    IF p_coupon_id IS NOT NULL THEN
      SELECT * INTO coupon_row FROM coupons c WHERE c.id = p_coupon_id AND c.deleted_at IS NULL FOR UPDATE;
    ELSE
      SELECT * INTO coupon_row FROM coupons c WHERE lower(c.code) = p_coupon_code AND c.deleted_at IS NULL FOR UPDATE;
    END IF;
    refusal := coupon_refusal(coupon_row, p_agency_id, p_today);
    IF refusal IS NOT NULL THEN
      RETURN;
    END IF;
    discount_cents := coupon_discount_cents(coupon_row.type, coupon_row.amount, subtotal_cents);
    IF discount_cents IS NULL THEN
      refusal := 'coupon_above_total';
      RETURN;
    END IF;
    coupon_id := coupon_row.id;
  END IF;
  charge_cents := subtotal_cents - discount_cents;
END;
$$;
--> statement-breakpoint
DROP FUNCTION pay_order_from_wallet(integer, integer, integer, integer, integer, integer, text, date, text, integer, bigint, bigint, text);
--> statement-breakpoint
-- The one booking routine of order payments (docs/decisions/0003-one-booking-routine.md), inside the
-- caller's transaction. `p_method` is 'Balance' (the wallet pays) or 'SavedCard' / 'NewCard' (the
-- card path calls it after the capture, with the charge reference, the amounts the attempt charged
-- and the attempt's day for the coupon rules). Locks the order, the coupon, then the wallet: the
-- order every booking takes them in. Every refusal is decided before anything is written; then it
-- writes the payment (its invoice number comes from the insert trigger), the coupon use, the wallet
-- debit of a wallet payment (never an overdraft: the balance was read under the wallet lock), the
-- order paid and its items released through move_items, and the one-time offer credit when this
-- payment takes the agency's paid orders to the threshold.
CREATE FUNCTION book_order_payment(
  p_method text,
  p_order_id integer,
  p_agency_id integer,
  p_user_id integer,
  p_scope_agency_id integer,
  p_scope_user_id integer,
  p_coupon_id integer,
  p_coupon_code text,
  p_today date,
  p_description text,
  p_offer_threshold_cents bigint,
  p_offer_credit_cents bigint,
  p_offer_description text,
  p_attempt_id integer,
  p_expected_subtotal_cents bigint,
  p_expected_charge_cents bigint,
  p_gateway text,
  p_gateway_ref text,
  p_card_last4 text,
  p_card_expiry text,
  p_billing_name text,
  p_billing_address text,
  p_billing_city text,
  p_billing_state text,
  p_billing_country text,
  p_billing_zip text,
  OUT refusal text,
  OUT in_flight_attempt_id integer,
  OUT paid_payment_id integer,
  OUT offer_credited boolean
) LANGUAGE plpgsql AS $$
DECLARE
  terms record;
  wallet_row wallets%ROWTYPE;
BEGIN
  offer_credited := false;
  IF p_method NOT IN ('Balance', 'SavedCard', 'NewCard') THEN
    RAISE EXCEPTION 'unknown payment method %', p_method;
  END IF;
  SELECT * INTO terms FROM order_payment_terms(p_order_id, p_agency_id, p_scope_agency_id, p_scope_user_id, p_coupon_id, p_coupon_code, p_today, p_attempt_id);
  IF terms.refusal IS NOT NULL THEN
    refusal := terms.refusal;
    in_flight_attempt_id := terms.in_flight_attempt_id;
    RETURN;
  END IF;
  -- A card attempt charged what was decided when it was reserved: anything else is a changed order.
  IF terms.subtotal_cents IS DISTINCT FROM coalesce(p_expected_subtotal_cents, terms.subtotal_cents)
     OR terms.charge_cents IS DISTINCT FROM coalesce(p_expected_charge_cents, terms.charge_cents) THEN
    refusal := 'order_changed';
    RETURN;
  END IF;

  SELECT * INTO wallet_row FROM wallets w WHERE w.agency_id = p_agency_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'agency % has no wallet', p_agency_id;
  END IF;
  IF p_method = 'Balance' AND terms.charge_cents > 0 AND wallet_row.balance_cents < terms.charge_cents THEN
    refusal := 'balance_not_enough';
    RETURN;
  END IF;

  INSERT INTO payments (kind, agency_id, user_id, order_id, method, subtotal_cents, discount_cents, amount_cents, coupon_id, description,
      gateway, gateway_ref, card_last4, card_expiry,
      billing_name, billing_address, billing_city, billing_state, billing_country, billing_zip)
    VALUES ('order', p_agency_id, p_user_id, p_order_id, p_method, terms.subtotal_cents, terms.discount_cents, terms.charge_cents, terms.coupon_id, p_description,
      p_gateway, p_gateway_ref, p_card_last4, p_card_expiry,
      p_billing_name, p_billing_address, p_billing_city, p_billing_state, p_billing_country, p_billing_zip)
    RETURNING id INTO paid_payment_id;
  IF terms.coupon_id IS NOT NULL THEN
    UPDATE coupons SET used_count = used_count + 1 WHERE id = terms.coupon_id;
    INSERT INTO coupon_redemptions (coupon_id, payment_id, order_id, user_id, discount_cents)
      VALUES (terms.coupon_id, paid_payment_id, p_order_id, p_user_id, terms.discount_cents);
  END IF;
  IF p_method = 'Balance' AND terms.charge_cents > 0 THEN
    INSERT INTO wallet_entries (agency_id, amount_cents, balance_after_cents, kind, description, actor_id, payment_id, order_id)
      VALUES (p_agency_id, -terms.charge_cents, 0, 'order_payment', p_description, p_user_id, paid_payment_id, p_order_id);
  END IF;
  UPDATE orders SET paid_at = now(), payment_id = paid_payment_id, updated_at = now() WHERE id = p_order_id;
  PERFORM move_items(
    ARRAY(SELECT i.id FROM order_items i WHERE i.order_id = p_order_id AND i.deleted_at IS NULL),
    'Unassigned', 'payment', p_user_id, format('Paid with order #%s (payment #%s)', p_order_id, paid_payment_id));

  -- The wallet row was read before this payment counted into its running total.
  IF NOT wallet_row.offer_granted AND wallet_row.paid_orders_cents + terms.charge_cents >= p_offer_threshold_cents THEN
    INSERT INTO offer_credits (agency_id, amount_cents, payment_id) VALUES (p_agency_id, p_offer_credit_cents, paid_payment_id) ON CONFLICT DO NOTHING;
    IF FOUND THEN
      INSERT INTO wallet_entries (agency_id, amount_cents, balance_after_cents, kind, description, actor_id, payment_id)
        VALUES (p_agency_id, p_offer_credit_cents, 0, 'offer_credit', p_offer_description, p_user_id, paid_payment_id);
      offer_credited := true;
    END IF;
  END IF;
END;
$$;
--> statement-breakpoint
-- A refund to the agency wallet when an admin deletes a paid order (`p_item_id` NULL: whatever of
-- the payment is not refunded yet) or one of its items (its share of what was paid: cost × paid ÷
-- subtotal, rounded down, so a coupon's discount is shared out and the refunds of an order never
-- exceed its payment). The caller holds the order's lock. Writes a payment of kind 'refund' (a
-- credit note, CN-…) and its ledger entry; answers the amount (0: nothing written) and the note.
CREATE FUNCTION book_refund(
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
