CREATE TABLE "catalog_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_version_single_row" CHECK ("catalog_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "user_order_stats" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "invoice_number" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "paid_orders_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "offer_granted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_order_stats" ADD CONSTRAINT "user_order_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every agency has its wallet from the moment it exists: no money call has to make one first.
CREATE FUNCTION wallets_for_agencies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallets (agency_id) VALUES (NEW.id) ON CONFLICT (agency_id) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_wallet AFTER INSERT OR UPDATE OF role ON users FOR EACH ROW WHEN (NEW.role = 'agency') EXECUTE FUNCTION wallets_for_agencies();
--> statement-breakpoint
INSERT INTO wallets (agency_id) SELECT id FROM users WHERE role = 'agency' ON CONFLICT (agency_id) DO NOTHING;
--> statement-breakpoint
-- The running total of each agency's order payments (the offer threshold counts them), kept as
-- payments are written; payments are append-only, so it only grows.
CREATE FUNCTION wallets_count_order_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallets SET paid_orders_cents = paid_orders_cents + NEW.amount_cents WHERE agency_id = NEW.agency_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'agency % has no wallet', NEW.agency_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_paid_orders AFTER INSERT ON payments FOR EACH ROW WHEN (NEW.kind = 'order') EXECUTE FUNCTION wallets_count_order_payment();
--> statement-breakpoint
UPDATE wallets w SET paid_orders_cents = s.total
  FROM (SELECT agency_id, sum(amount_cents) AS total FROM payments WHERE kind = 'order' GROUP BY agency_id) s
  WHERE w.agency_id = s.agency_id;
--> statement-breakpoint
CREATE FUNCTION wallets_mark_offer_granted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallets SET offer_granted = true WHERE agency_id = NEW.agency_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER offer_credits_granted AFTER INSERT ON offer_credits FOR EACH ROW EXECUTE FUNCTION wallets_mark_offer_granted();
--> statement-breakpoint
UPDATE wallets w SET offer_granted = true FROM offer_credits o WHERE o.agency_id = w.agency_id;
--> statement-breakpoint
-- Invoice numbers follow the payment id in the insert itself: CD-<year>-<id>, CN- for refunds
-- (credit notes), the id zero-padded to six digits and never cut.
CREATE FUNCTION payments_invoice_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.invoice_number = '' THEN
    NEW.invoice_number := CASE WHEN NEW.kind = 'refund' THEN 'CN' ELSE 'CD' END
      || '-' || extract(year FROM NEW.created_at AT TIME ZONE 'UTC')::int
      || '-' || lpad(NEW.id::text, greatest(6, length(NEW.id::text)), '0');
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_invoice_number BEFORE INSERT ON payments FOR EACH ROW EXECUTE FUNCTION payments_invoice_number();
--> statement-breakpoint
-- Live orders per user who placed them (the order count of every session), as agency_order_stats.
CREATE FUNCTION user_order_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    UPDATE user_order_stats SET orders = orders - 1 WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
    INSERT INTO user_order_stats AS s (user_id, orders) VALUES (NEW.user_id, 1)
      ON CONFLICT (user_id) DO UPDATE SET orders = s.orders + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_user_stats AFTER INSERT OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION user_order_stats_apply();
--> statement-breakpoint
CREATE TRIGGER orders_user_stats_update AFTER UPDATE OF deleted_at, user_id ON orders FOR EACH ROW
  WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION user_order_stats_apply();
--> statement-breakpoint
INSERT INTO user_order_stats (user_id, orders)
  SELECT user_id, count(*) FROM orders WHERE deleted_at IS NULL GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET orders = EXCLUDED.orders;
--> statement-breakpoint
-- The catalogue's version: any write to a catalogue table moves it, and each server process reads
-- its price book again only then.
INSERT INTO catalog_version (id, version) VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION catalog_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE TRIGGER product_word_counts_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_word_counts FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE TRIGGER product_addons_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_addons FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
--> statement-breakpoint
CREATE TRIGGER categories_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
