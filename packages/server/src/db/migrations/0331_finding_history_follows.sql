-- A finding's history rows and batch changes go with it, deleted by one statement per delete of
-- findings instead of their foreign keys to findings (issue 30). PostgreSQL checks a foreign key once
-- per inserted row: a bulk status change of 100,000 findings inserts 100,000 of each, and the two
-- keys' checks took 0.8 s of its 5.9 s at a million findings. The statement that writes them takes
-- the finding ids from the rows it has just locked and changed in the same statement (a status
-- change, bulk, undo, an assignment, a scan's store), so the keys only ever proved what the statement
-- already knows; what they also did, deleting the rows with their finding, the triggers below do.
-- A delete of the finding waits for the writer's lock, and each statement of the trigger sees what
-- the writer committed.
alter table finding_logs drop constraint finding_logs_finding_id_fkey;
alter table finding_batch_changes drop constraint finding_batch_changes_finding_id_fkey;

-- The same holds for the two keys a status batch's rows still checked per row (0.4 s each): a batch
-- change's batch is inserted by the same statement that inserts the change, and a history row's
-- author is the signed-in caller. Neither a batch nor an account is ever deleted (accounts are
-- deactivated), so the keys' cascade and refusal had nothing to act on.
alter table finding_batch_changes drop constraint finding_batch_changes_batch_id_fkey;
alter table finding_logs drop constraint finding_logs_modified_by_fkey;

-- Runs as the tables' owner with the all-companies scope: the deleted findings already passed the
-- caller's row policy, and their history is theirs.
create function finding_history_follow() returns trigger
  language plpgsql security definer
  set search_path = public
  set app.scope = 'all'
as $$
begin
  if tg_op = 'TRUNCATE' then
    truncate finding_logs, finding_batch_changes;
  else
    delete from finding_logs l using old_rows d where l.finding_id = d.id;
    delete from finding_batch_changes c using old_rows d where c.finding_id = d.id;
  end if;
  return null;
end
$$;

create trigger finding_history_delete after delete on findings
  referencing old table as old_rows for each statement execute function finding_history_follow();
create trigger finding_history_truncate after truncate on findings
  for each statement execute function finding_history_follow();
