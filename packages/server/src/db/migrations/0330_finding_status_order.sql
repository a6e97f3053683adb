-- A status change rewrites no index of findings (issue 30). At a million findings a bulk change of
-- 100,000 statuses took 12.5 s and wrote 681 MB of WAL: every new row version went into all 29
-- indexes of findings (the trigram index alone was half of it), because the status orderings' four
-- indexes hold status_rank, and a changed indexed column forbids a heap-only (HOT) update. Without
-- them, and with room left on each page for a row's next version, the same update is heap-only:
-- 1.1 s and 81 MB, with every other index left as it was.
--
-- The status orderings therefore read a table of their own: one narrow row per finding (id, company,
-- status rank) carrying the four orderings' indexes, kept by statement-level triggers in the
-- writer's own transaction (as finding_counts is, 0310), so every writer of findings keeps it exact.

-- Half of each page is left free: a bulk change often takes every finding of a page (a company's
-- findings of one area are loaded together), and a HOT update puts the new version on the same page
-- as the old one, which stays until the change commits. Pages written before this migration gain the
-- room when their findings first change (the new versions go to new pages, this once not heap-only).
alter table findings set (fillfactor = 50);

create table finding_status_order (
  id integer primary key,
  company_id integer not null,
  status_rank smallint not null
);
select sentinel_tenant_table('finding_status_order');

insert into finding_status_order (id, company_id, status_rank)
select id, company_id, status_rank from findings;

-- The index's status orderings, each ending with the id (clients always filter by company; staff often not).
create index finding_status_order_idx on finding_status_order (company_id, status_rank, id);
create index finding_status_order_desc_idx on finding_status_order (company_id, status_rank desc, id);
create index finding_status_order_all_idx on finding_status_order (status_rank, id);
create index finding_status_order_desc_all_idx on finding_status_order (status_rank desc, id);

drop index findings_order_status_idx;
drop index findings_order_status_desc_idx;
drop index findings_order_status_all_idx;
drop index findings_order_status_desc_all_idx;

-- Runs as the table's owner with the all-companies scope: it writes only what the changed rows (which
-- already passed the caller's row policy) imply. An update writes only the rows whose rank or company
-- moved (an assignee change writes nothing here).
create function finding_status_order_apply() returns trigger
  language plpgsql security definer
  set search_path = public
  set app.scope = 'all'
as $$
begin
  if tg_op = 'INSERT' then
    insert into finding_status_order (id, company_id, status_rank)
    select id, company_id, status_rank from new_rows;
  elsif tg_op = 'DELETE' then
    delete from finding_status_order o using old_rows d where o.id = d.id;
  else
    update finding_status_order o set company_id = n.company_id, status_rank = n.status_rank
      from new_rows n
     where o.id = n.id and (o.company_id, o.status_rank) is distinct from (n.company_id, n.status_rank);
  end if;
  return null;
end
$$;

create trigger finding_status_order_insert after insert on findings
  referencing new table as new_rows for each statement execute function finding_status_order_apply();
create trigger finding_status_order_update after update on findings
  referencing old table as old_rows new table as new_rows for each statement execute function finding_status_order_apply();
create trigger finding_status_order_delete after delete on findings
  referencing old table as old_rows for each statement execute function finding_status_order_apply();

-- TRUNCATE removes every finding (it has no transition table, and fires no delete trigger).
create function finding_status_order_truncate() returns trigger
  language plpgsql security definer
  set search_path = public
as $$
begin
  truncate finding_status_order;
  return null;
end
$$;
create trigger finding_status_order_truncate after truncate on findings
  for each statement execute function finding_status_order_truncate();
