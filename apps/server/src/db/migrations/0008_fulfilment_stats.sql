CREATE TABLE "fulfilment_stats" (
	"agency_id" integer NOT NULL,
	"status" text NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fulfilment_stats_agency_id_status_pk" PRIMARY KEY("agency_id","status")
);
--> statement-breakpoint
ALTER TABLE "fulfilment_stats" ADD CONSTRAINT "fulfilment_stats_agency_id_users_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keeps fulfilment_stats in step with order_items: live items (deleted_at is null) that are paid
-- (status <> 'Unpaid'), per agency and status. Statement triggers with transition tables apply a
-- whole bulk payment (thousands of items) as one grouped upsert.
CREATE FUNCTION fulfilment_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO fulfilment_stats AS s (agency_id, status, items)
      SELECT o.agency_id, n.status, count(*)
      FROM new_rows n JOIN orders o ON o.id = n.order_id
      WHERE n.deleted_at IS NULL AND n.status <> 'Unpaid'
      GROUP BY o.agency_id, n.status
      ON CONFLICT (agency_id, status) DO UPDATE SET items = s.items + EXCLUDED.items;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO fulfilment_stats AS s (agency_id, status, items)
      SELECT o.agency_id, d.status, -count(*)
      FROM old_rows d JOIN orders o ON o.id = d.order_id
      WHERE d.deleted_at IS NULL AND d.status <> 'Unpaid'
      GROUP BY o.agency_id, d.status
      ON CONFLICT (agency_id, status) DO UPDATE SET items = s.items + EXCLUDED.items;
  ELSE
    INSERT INTO fulfilment_stats AS s (agency_id, status, items)
      SELECT o.agency_id, delta.status, sum(delta.n)
      FROM (
        SELECT order_id, status, 1 AS n FROM new_rows WHERE deleted_at IS NULL AND status <> 'Unpaid'
        UNION ALL
        SELECT order_id, status, -1 FROM old_rows WHERE deleted_at IS NULL AND status <> 'Unpaid'
      ) delta JOIN orders o ON o.id = delta.order_id
      GROUP BY o.agency_id, delta.status
      HAVING sum(delta.n) <> 0
      ON CONFLICT (agency_id, status) DO UPDATE SET items = s.items + EXCLUDED.items;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_fulfilment_stats_insert AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fulfilment_stats_apply();
--> statement-breakpoint
CREATE TRIGGER order_items_fulfilment_stats_update AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fulfilment_stats_apply();
--> statement-breakpoint
CREATE TRIGGER order_items_fulfilment_stats_delete AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fulfilment_stats_apply();
--> statement-breakpoint
INSERT INTO fulfilment_stats (agency_id, status, items)
  SELECT o.agency_id, i.status, count(*)
  FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE i.deleted_at IS NULL AND i.status <> 'Unpaid'
  GROUP BY o.agency_id, i.status
  ON CONFLICT (agency_id, status) DO UPDATE SET items = EXCLUDED.items;
