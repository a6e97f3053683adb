-- The SLA days of a severity from a company's finding_slas columns (issue 30), as a function without
-- a table: PostgreSQL inlines it into the query that calls it, so a page of findings joins
-- finding_slas once and computes each due date in place, where finding_sla_days (which reads the
-- table itself) runs as a query of its own per row. finding_sla_days now picks through it too, so
-- the defaults (a company without a row) are written once.
create function finding_sla_pick(severity text, has_row boolean, high integer, medium integer, low integer,
                                 info integer, log integer)
  returns integer language sql immutable as $$
  select case
           when not has_row then
             case severity when 'HIGH' then 30 when 'MEDIUM' then 90 when 'LOW' then 180 end
           else
             case severity when 'HIGH' then high when 'MEDIUM' then medium
                           when 'LOW' then low when 'INFO' then info else log end
         end
$$;

create or replace function finding_sla_days(company integer, severity text) returns integer language sql stable as $$
  select finding_sla_pick(severity, s.company_id is not null, s.high_days, s.medium_days, s.low_days,
                          s.info_days, s.log_days)
    from (select 1) one left join finding_slas s on s.company_id = company
$$;
