-- The order counters (agency_order_stats, user_order_stats) counted new orders with row triggers:
-- one upsert of the same counter row per inserted order. Inside one statement every upsert makes a
-- new version of that row and finds the latest by walking past the versions before it, so inserting
-- n orders at once cost n² (100,000 seeded orders took minutes). Inserts are now counted once per
-- statement from its transition table, as fulfilment_stats does; updates and deletes keep the row
-- triggers, the cheaper ones for the single order a payment or a deletion changes.
CREATE FUNCTION order_stats_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agency_order_stats AS s (agency_id, orders, unpaid)
    SELECT agency_id, count(*), count(*) FILTER (WHERE paid_at IS NULL)
    FROM new_rows
    WHERE deleted_at IS NULL
    GROUP BY agency_id
    ON CONFLICT (agency_id) DO UPDATE SET orders = s.orders + EXCLUDED.orders, unpaid = s.unpaid + EXCLUDED.unpaid;
  INSERT INTO user_order_stats AS s (user_id, orders)
    SELECT user_id, count(*)
    FROM new_rows
    WHERE deleted_at IS NULL
    GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET orders = s.orders + EXCLUDED.orders;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER orders_stats ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_stats AFTER UPDATE OF deleted_at, paid_at, agency_id OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION agency_order_stats_apply();
--> statement-breakpoint
DROP TRIGGER orders_user_stats ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_user_stats AFTER DELETE ON orders FOR EACH ROW EXECUTE FUNCTION user_order_stats_apply();
--> statement-breakpoint
CREATE TRIGGER orders_stats_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_stats_insert();
