-- The wallet ledger is append-only, and the cached balance moves only with it.
-- 1) Inserting an entry applies its amount to the agency's wallet in the same statement and records
--    the balance after it; the wallets check (balance_cents >= 0) refuses any overdraft (23514), and
--    the row lock on the wallet serialises concurrent payments of one agency.
-- 2) UPDATE and DELETE of entries are refused (SQLSTATE P0001 with a clear text).
CREATE FUNCTION wallet_entries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER wallet_entries_apply BEFORE INSERT ON wallet_entries FOR EACH ROW EXECUTE FUNCTION wallet_entries_apply();
--> statement-breakpoint
CREATE FUNCTION wallet_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_entries is append-only; record a correcting entry instead';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_entries_no_update BEFORE UPDATE OR DELETE ON wallet_entries FOR EACH ROW EXECUTE FUNCTION wallet_entries_refuse_change();
--> statement-breakpoint
CREATE TRIGGER wallet_entries_no_truncate BEFORE TRUNCATE ON wallet_entries FOR EACH STATEMENT EXECUTE FUNCTION wallet_entries_refuse_change();
--> statement-breakpoint
-- Direct changes of a cached balance outside a ledger insert are refused too.
CREATE FUNCTION wallets_guard_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance_cents IS DISTINCT FROM OLD.balance_cents AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'wallet balances change only through wallet_entries';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER wallets_guard_balance BEFORE UPDATE ON wallets FOR EACH ROW EXECUTE FUNCTION wallets_guard_balance();
