-- Keeps agency_order_stats in step with orders: live orders (deleted_at is null) and, of those,
-- unpaid ones (paid_at is null). Existing rows are counted once here.
CREATE FUNCTION agency_order_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_live int := 0; old_unpaid int := 0; new_live int := 0; new_unpaid int := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    old_live := 1;
    IF OLD.paid_at IS NULL THEN old_unpaid := 1; END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
    new_live := 1;
    IF NEW.paid_at IS NULL THEN new_unpaid := 1; END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.agency_id <> NEW.agency_id THEN
    RAISE EXCEPTION 'an order cannot move to another agency';
  END IF;
  IF old_live <> new_live OR old_unpaid <> new_unpaid THEN
    INSERT INTO agency_order_stats AS s (agency_id, orders, unpaid)
      VALUES (COALESCE(NEW.agency_id, OLD.agency_id), new_live - old_live, new_unpaid - old_unpaid)
      ON CONFLICT (agency_id) DO UPDATE SET orders = s.orders + EXCLUDED.orders, unpaid = s.unpaid + EXCLUDED.unpaid;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_stats AFTER INSERT OR UPDATE OF deleted_at, paid_at, agency_id OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION agency_order_stats_apply();
--> statement-breakpoint
INSERT INTO agency_order_stats (agency_id, orders, unpaid)
  SELECT agency_id, count(*), count(*) FILTER (WHERE paid_at IS NULL) FROM orders WHERE deleted_at IS NULL GROUP BY agency_id
  ON CONFLICT (agency_id) DO UPDATE SET orders = EXCLUDED.orders, unpaid = EXCLUDED.unpaid;
