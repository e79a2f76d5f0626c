-- move_items (migrations 0017, 0018) finds the items it moves by their ids alone. Its UPDATE joined
-- item_transitions on the item's status, so the planner could reach order_items through the status
-- index and intersect it with the ids: a plan it took for the once-per-session generic plan when the
-- statistics were behind the table (a database that had grown since its last ANALYZE), which then
-- read every item of that status on every move (3,301 index entries for one item, a third of a
-- wallet payment's time). The legal starting states are now read first, into an array, and tested
-- on each item with array_position, which no index serves: the primary key on the ids is the one
-- way in, whatever the statistics say (docs/decisions/0003-one-booking-routine.md, "Performance").
-- What moves, what each state carries and the activity written are unchanged.
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
  movable_from text[];
BEGIN
  SELECT coalesce(array_agg(t.from_status), '{}') INTO movable_from
    FROM item_transitions t WHERE t.to_status = p_to AND p_by = ANY (t.actors);
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
    WHERE i.id = ANY (p_item_ids) AND i.deleted_at IS NULL
      AND array_position(movable_from, i.status) IS NOT NULL
    RETURNING i.id
  ), logged AS (
    INSERT INTO activity_logs (item_id, user_id, description, file_key, filename)
    SELECT id, p_user_id, p_description, p_file_key, p_filename FROM moved_rows
  )
  SELECT coalesce(array_agg(id ORDER BY id), '{}') INTO moved FROM moved_rows;
  RETURN moved;
END;
$$;
