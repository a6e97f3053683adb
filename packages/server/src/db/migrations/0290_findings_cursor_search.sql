-- The findings index at a million rows (issue 30): every single-key ordering, in both directions,
-- is read page by page from an index, for one company and for staff's all-companies view, and the
-- search filter is answered by a trigram index.
--
-- An order reads "key in its direction (nulls last both ways), then id ascending". A B-tree scanned
-- backwards reverses every column, so `key desc, id asc` is not `key asc, id asc` read backwards:
-- each direction needs its own index. 0060 made five; these are the rest.

create index findings_order_severity_asc_idx on findings (company_id, severity_rank, id);
create index findings_order_severity_asc_all_idx on findings (severity_rank, id);

create index findings_order_status_all_idx on findings (status_rank, id);
create index findings_order_status_desc_idx on findings (company_id, status_rank desc, id);
create index findings_order_status_desc_all_idx on findings (status_rank desc, id);

create index findings_order_name_all_idx on findings (name_key, id);
create index findings_order_name_desc_idx on findings (company_id, name_key desc, id);
create index findings_order_name_desc_all_idx on findings (name_key desc, id);

create index findings_order_host_all_idx on findings (sort_host, id);
create index findings_order_host_desc_idx on findings (company_id, sort_host desc nulls last, id);
create index findings_order_host_desc_all_idx on findings (sort_host desc nulls last, id);

create index findings_order_cvss_all_idx on findings (cvss desc nulls last, id);
create index findings_order_cvss_asc_idx on findings (company_id, cvss, id);
create index findings_order_cvss_asc_all_idx on findings (cvss, id);

-- `search` is a substring of the lower-cased name, CVE, CWE, component and host (search_text, 0060):
-- a LIKE '%…%' that only a trigram index answers without reading every row. pg_trgm ships with
-- PostgreSQL's contrib and is a trusted extension (the database owner may create it).
create extension if not exists pg_trgm;
create index findings_search_trgm_idx on findings using gin (search_text gin_trgm_ops);

-- Row-level security keeps a condition that is not leakproof (LIKE is not) from being checked before
-- the policy, so under sentinel_app the trigram index is never used. The search therefore runs in a
-- security definer function (its owner, who runs the migrations, is not held back by the policy)
-- that applies the caller's scope itself, with the same settings the policy reads.
create function finding_search_ids(needle text) returns setof integer
  language sql stable security definer
  set search_path = public
  rows 1000
as $$
  select f.id from findings f
   where f.search_text like '%' || replace(replace(replace(lower(needle), '\', '\\'), '%', '\%'), '_', '\_') || '%'
     and (app_all_companies() or f.company_id = app_company())
$$;
revoke all on function finding_search_ids(text) from public;
grant execute on function finding_search_ids(text) to sentinel_app;
