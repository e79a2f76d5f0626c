-- Sign-in links open only their order (docs/decisions/0013-sessions-in-the-database.md): the link and
-- the session it opens carry the order; lib/access.ts keeps such a session to that order's payment.
ALTER TABLE "access_tokens" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Links minted before this migration name no order and would open a full session: they stop working.
UPDATE one_time_tokens SET used_at = now() WHERE purpose = 'login_link' AND used_at IS NULL;
--> statement-breakpoint
-- Deactivating a user retires the sign-in links it has not used yet (and those of its associates,
-- when it is an agency), whichever code path deactivates: reactivation finds them used, so a link
-- sent before the deactivation never works again. Its sessions are revoked by the deactivation
-- itself (modules/user-management), and every request refuses an inactive account (lib/access.ts).
CREATE FUNCTION users_retire_sign_in_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE one_time_tokens SET used_at = now()
    WHERE used_at IS NULL
      AND purpose IN ('login_link', 'social_login')
      AND (user_id = NEW.id OR user_id IN (SELECT id FROM users WHERE agency_id = NEW.id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_retire_sign_in_links AFTER UPDATE OF status ON users FOR EACH ROW
  WHEN (OLD.status = 1 AND NEW.status IS DISTINCT FROM 1) EXECUTE FUNCTION users_retire_sign_in_links();
--> statement-breakpoint
-- The ledger in the order the balance moved (docs/decisions/0002-wallet-ledger.md). The id of an
-- entry is drawn before the insert trigger locks the wallet row, so two concurrent entries of one
-- wallet can take their ids in one order and move the balance in the other. `position` is taken
-- from the wallet's own counter in the very row update that moves the balance, so it is the order
-- of `balance_after_cents`: 1, 2, 3… per wallet, without gaps (a rolled-back entry rolls its
-- count back too).
ALTER TABLE "wallets" ADD COLUMN "entry_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "position" integer;--> statement-breakpoint
-- Existing entries are numbered in id order, the only order they have; the append-only guard is
-- lifted for this one statement of the migration's transaction.
ALTER TABLE "wallet_entries" DISABLE TRIGGER wallet_entries_no_update;--> statement-breakpoint
UPDATE wallet_entries e SET position = n.position
  FROM (SELECT id, row_number() OVER (PARTITION BY agency_id ORDER BY id)::integer AS position FROM wallet_entries) n
  WHERE e.id = n.id;
--> statement-breakpoint
ALTER TABLE "wallet_entries" ENABLE TRIGGER wallet_entries_no_update;--> statement-breakpoint
UPDATE wallets w SET entry_count = c.n
  FROM (SELECT agency_id, count(*)::integer AS n FROM wallet_entries GROUP BY agency_id) c
  WHERE w.agency_id = c.agency_id;
--> statement-breakpoint
ALTER TABLE "wallet_entries" ALTER COLUMN "position" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_agency_position_key" ON "wallet_entries" USING btree ("agency_id","position");--> statement-breakpoint
-- The insert trigger of 0004/0010, now also numbering the entry. Whatever the inserting statement
-- gave for position (the booking functions give nothing, Drizzle a 0) is overwritten.
CREATE OR REPLACE FUNCTION wallet_entries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallets SET balance_cents = balance_cents + NEW.amount_cents, entry_count = entry_count + 1, updated_at = now()
    WHERE agency_id = NEW.agency_id
    RETURNING balance_cents, entry_count INTO NEW.balance_after_cents, NEW.position;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'wallet of agency % does not exist', NEW.agency_id USING ERRCODE = '23503';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- The counter moves only with a ledger entry, as the balance does.
CREATE OR REPLACE FUNCTION wallets_guard_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.balance_cents IS DISTINCT FROM OLD.balance_cents OR NEW.entry_count IS DISTINCT FROM OLD.entry_count) AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'wallet balances change only through wallet_entries';
  END IF;
  RETURN NEW;
END;
$$;
