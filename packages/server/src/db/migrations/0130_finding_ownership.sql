-- Finding ownership (issue 28): each finding has an assignee (a member of its company or staff) and a
-- due date from its company's SLA by severity. Valid on PostgreSQL 14 to 18.

alter table findings add column assignee_id integer references users (id);
-- "Mine" and "unassigned" are the common filters; the partial index also backs the users policy below.
create index findings_assignee_idx on findings (assignee_id) where assignee_id is not null;

-- A company's days to fix per severity; a company without a row has the defaults of finding_sla_days.
-- A null column means findings of that severity have no due date.
create table finding_slas (
  company_id integer primary key references companies (id) on delete cascade,
  high_days integer check (high_days between 1 and 3650),
  medium_days integer check (medium_days between 1 and 3650),
  low_days integer check (low_days between 1 and 3650),
  info_days integer check (info_days between 1 and 3650),
  log_days integer check (log_days between 1 and 3650),
  updated_at timestamptz not null default now()
);
select sentinel_tenant_table('finding_slas');

-- The SLA days of one severity in one company: its own row, or the defaults (docs/decisions.md,
-- "Finding ownership (issue 28)"). Read under the caller's row-level security like the findings.
create function finding_sla_days(company integer, severity text) returns integer language sql stable as $$
  select case
           when s.company_id is null then
             case severity when 'HIGH' then 30 when 'MEDIUM' then 90 when 'LOW' then 180 end
           else
             case severity when 'HIGH' then s.high_days when 'MEDIUM' then s.medium_days
                           when 'LOW' then s.low_days when 'INFO' then s.info_days else s.log_days end
         end
    from (select 1) one left join finding_slas s on s.company_id = company
$$;

-- Due: when the vulnerability was first seen on the target (as the index's first_seen; a rescan does
-- not restart the clock) plus the SLA days; null when the SLA sets none. Computed on read, so a
-- changed SLA applies to every finding at once.
create function finding_due_at(company integer, severity text, target text, vulnerability integer, created timestamptz)
  returns timestamptz language sql stable as $$
  select coalesce((select min(g.created_at) from findings g
                    where g.target_key = target and g.vulnerability_id = vulnerability), created)
         + make_interval(hours => 24 * finding_sla_days(company, severity))
$$;

-- Who a finding of `company` may be assigned to: its active members and active staff. Staff rows have
-- no company, so a client admin could not see them through the tenant policy; this answers only
-- whether one user qualifies, and the public fields of the candidates.
create function finding_assignable(company integer, candidate integer) returns boolean
  language sql stable security definer
  set search_path = public
  set app.scope = 'all'
as $$
  select exists (select 1 from users u where u.id = candidate and u.is_active
                   and (u.role in ('SUPER_ADMIN', 'ANALYST') or u.company_id = company))
$$;
revoke all on function finding_assignable(integer, integer) from public;
grant execute on function finding_assignable(integer, integer) to sentinel_app;

create function finding_assignee_candidates(company integer)
  returns table (id integer, email text, fullname text)
  language sql stable security definer
  set search_path = public
  set app.scope = 'all'
as $$
  select u.id, u.email, u.first_name || ' ' || u.last_name
    from users u
   where u.is_active and (u.role in ('SUPER_ADMIN', 'ANALYST') or u.company_id = company)
   order by lower(u.first_name || ' ' || u.last_name), u.id
$$;
revoke all on function finding_assignee_candidates(integer) from public;
grant execute on function finding_assignee_candidates(integer) to sentinel_app;

-- A client sees the staff assigned to their company's findings (findings is under the tenant policy),
-- as 0120 does for ticket assignees; reads only.
create policy finding_assignees on users for select
  using (exists (select 1 from findings f where f.assignee_id = users.id));

-- Bulk assignments are batches too, undone by the same operation: `kind` says which column a batch
-- changed; an assignment change records the assignee before and after instead of statuses.
alter table finding_batches add column kind text not null default 'status' check (kind in ('status', 'assignee'));
alter table finding_batch_changes alter column from_status drop not null;
alter table finding_batch_changes alter column to_status drop not null;
alter table finding_batch_changes add column from_assignee integer references users (id);
alter table finding_batch_changes add column to_assignee integer references users (id);
