-- A search's matches with the columns the index filters and sorts on (issue 30). finding_search_ids
-- (0290) answered ids only, so every search joined its matches back to findings by primary key: at a
-- million findings, "sql" matches 35,961 of them, and the join re-read every match's heap page after
-- the trigram index's recheck had just read it (0.2 s for the matches, 0.5 s for the join back, twice
-- a page: once for the count, once for the page). The rows the recheck reads now carry what the
-- selection needs, so a search's count and page read its matches once, from the function's result.
--
-- Only the columns of the filters the grid offers beside a search (company, area, severity, status,
-- scan) and of the five sort keys: each column more is copied for every match (19 columns cost
-- 48 ms of CPU for "sql", these 11 about 32 ms). A search with any other filter, or sorted or
-- filtered on the facts, reads findings and finds the search by finding_search_ids as before.
--
-- A composite type, not RETURNS TABLE: name_key and sort_host keep their "C" collation, so a search's
-- matches sort as the ordering's indexes do.
create type finding_search_row as (
  id integer,
  company_id integer,
  scan_id integer,
  area text,
  severity text,
  status text,
  severity_rank smallint,
  status_rank smallint,
  name_key text collate "C",
  sort_host text collate "C",
  cvss numeric
);

-- As finding_search_ids: a security definer (row-level security would keep LIKE, which is not
-- leakproof, from using the trigram index) applying the row policy's company rule itself. Its result
-- is held in memory while the statement reads it: "sql"'s 35,961 rows are ~5 MB, which the default
-- 4 MB would write to a temporary file and read back. The scope is read once per call (each
-- `(select …)` is computed once for the statement), not once per match: as the policy writes it,
-- two current_setting calls per row were half of the function's time (23 of 49 ms for "sql").
create function finding_search_rows(needle text) returns setof finding_search_row
  language sql stable security definer
  set search_path = public
  set work_mem = '64MB'
  rows 1000
as $$
  select f.id, f.company_id, f.scan_id, f.area, f.severity, f.status, f.severity_rank, f.status_rank,
         f.name_key, f.sort_host, f.cvss
    from findings f
   where f.search_text like '%' || replace(replace(replace(lower(needle), '\', '\\'), '%', '\%'), '_', '\_') || '%'
     and ((select app_all_companies()) or f.company_id = (select app_company()))
$$;
revoke all on function finding_search_rows(text) from public;
grant execute on function finding_search_rows(text) to sentinel_app;

-- The export still filters findings by finding_search_ids: it reads the scope once per call too.
create or replace function finding_search_ids(needle text) returns setof integer
  language sql stable security definer
  set search_path = public
  rows 1000
as $$
  select f.id from findings f
   where f.search_text like '%' || replace(replace(replace(lower(needle), '\', '\\'), '%', '\%'), '_', '\_') || '%'
     and ((select app_all_companies()) or f.company_id = (select app_company()))
$$;
