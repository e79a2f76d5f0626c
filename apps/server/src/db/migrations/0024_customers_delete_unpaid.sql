-- Customers delete their unpaid orders and items (docs/decisions/0034-customers-delete-unpaid-orders.md):
-- the orderer's side (an agency, or the associate who placed the order) may now make the move
-- Unpaid → Deleted, which only admins could make (migration 0017). move_items writes the activity
-- entry of each item deleted, as for an admin's deletion. Every other move is unchanged: a paid item
-- is still deleted only by an admin, with its refund.
UPDATE item_transitions SET actors = '{admin,orderer}' WHERE from_status = 'Unpaid' AND to_status = 'Deleted';
