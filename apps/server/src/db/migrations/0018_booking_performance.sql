-- move_items (migration 0017) with its body unchanged, its statement planned once per session.
-- PL/pgSQL caches each statement's plan but plans it again for the parameters of every call while
-- that costs less than the cached generic plan's estimate. For `i.id = ANY (p_item_ids)` the generic
-- plan counts ten items for an array it cannot see, a call with one item counts one, so the
-- estimate never favoured it: the UPDATE … FROM item_transitions with its activity CTE was planned
-- again on every move, a fifth of the backend time of a wallet payment
-- (docs/decisions/0003-one-booking-routine.md, "Performance"). The generic plan is the same
-- primary-key lookup with the transition joined, for one item or many. The setting holds only
-- during the call; the triggers the UPDATE fires have no parameters to plan for or plan alike.
CREATE OR REPLACE FUNCTION move_items(
  p_item_ids integer[],
  p_to text,
  p_by text,
  p_user_id integer,
  p_description text,
  p_at timestamptz DEFAULT now(),
  p_agent_id integer DEFAULT NULL,
  p_file_key text DEFAULT NULL,
  p_filename text DEFAULT NULL
) RETURNS integer[] LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
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
