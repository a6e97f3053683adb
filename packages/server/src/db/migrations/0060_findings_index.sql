-- The findings index (one list over every area) filters and sorts on where a finding was reported:
-- its scan, product, configuration or application, and the target it shares with earlier scans.
-- Those facts never change once a finding is written, so they are stored on the row (filled by a
-- trigger from the finding's parents, whoever inserts it) and indexed, instead of joining four
-- parent chains on every page.

alter table findings
  add column scan_id integer,
  add column product_id integer,
  add column configuration_id integer,
  add column application_id integer,
  add column scan_endpoint_id integer,
  add column threat_endpoint_id integer,
  -- One scanned thing across scans ('n:<config>:<endpoint>', 'w:<app>', 's:<app>:<branch>',
  -- 't:<config>:<host>'): first_seen, last_seen and change compare findings of one target.
  add column target_key text,
  -- What the scan looked at, as the index's location.target shows it.
  add column location_target text not null default '',
  -- Lower-cased host for ordering; byte order, as the static mode compares strings.
  add column sort_host text collate "C",
  -- The CVSS 3 score, else the CVSS 2 score, of the vulnerability (copied, like severity).
  add column cvss numeric,
  -- Lower-cased name, CVE, CWE, component and host: what `search` looks in.
  add column search_text text not null default '',
  add column severity_rank smallint generated always as (
    case severity when 'LOG' then 0 when 'INFO' then 1 when 'LOW' then 2 when 'MEDIUM' then 3 else 4 end
  ) stored,
  add column status_rank smallint generated always as (
    case status when 'ACTIVE' then 0 when 'FIXING' then 1 when 'MITIGATED' then 2 when 'TOLERATED' then 3 else 4 end
  ) stored,
  add column name_key text collate "C" generated always as (lower(name)) stored;

-- A web asset's URL → its host name, as a browser's URL parser reads it (lower-cased).
create function sentinel_url_host(url text) returns text language sql immutable as $$
  select lower(coalesce(substring(url from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?(\[[^]]*\]|[^/?#:]*)'), url))
$$;

create function findings_place() returns trigger language plpgsql as $$
declare
  vuln record;
  web_host text;
begin
  select v.cve, v.cwe, v.component, coalesce(v.cvss3_score, v.cvss2_score) as score
    into vuln from vulnerabilities v where v.id = new.vulnerability_id;
  new.cvss := vuln.score;
  new.scan_id := null;
  new.product_id := null;
  new.configuration_id := null;
  new.application_id := null;
  new.scan_endpoint_id := null;
  new.threat_endpoint_id := null;
  new.target_key := null;
  new.location_target := '';
  new.sort_host := null;
  if new.area = 'network' then
    select s.id, c.id, c.product_id, se.id, 'n:' || c.id || ':' || se.endpoint_id
      into new.scan_id, new.configuration_id, new.product_id, new.scan_endpoint_id, new.target_key
      from scan_endpoints se
      join network_scans s on s.id = se.scan_id
      join network_configs c on c.id = s.config_id
     where se.id = new.parent_id;
    new.location_target := coalesce(new.host, '');
    new.sort_host := lower(new.host);
  elsif new.area = 'web' then
    select s.id, a.id, w.product_id, 'w:' || a.id, w.application_name, sentinel_url_host(w.url)
      into new.scan_id, new.application_id, new.product_id, new.target_key, new.location_target, web_host
      from web_scans s
      join web_apps a on a.id = s.app_id
      join web_assets w on w.id = a.asset_id
     where s.id = new.parent_id;
    new.sort_host := web_host;
    new.location_target := coalesce(new.location_target, '');
  elsif new.area = 'sourcecode' then
    select s.id, a.id, r.product_id, 's:' || a.id || ':' || s.branch, r.repository_name
      into new.scan_id, new.application_id, new.product_id, new.target_key, new.location_target
      from source_scans s
      join source_apps a on a.id = s.app_id
      join source_assets r on r.id = a.asset_id
     where s.id = new.parent_id;
    new.location_target := coalesce(new.location_target, '');
  elsif new.area = 'threat' then
    select s.id, c.id, x.product_id, e.id, 't:' || c.id || ':' || e.host_id
      into new.scan_id, new.configuration_id, new.product_id, new.threat_endpoint_id, new.target_key
      from threat_endpoints e
      join threat_scans s on s.id = e.scan_id
      join threat_configs c on c.id = s.config_id
      left join exposure_assets x on x.target_id = c.exposure_target_id
     where e.id = new.parent_id;
    new.location_target := coalesce(new.host, '');
    new.sort_host := lower(new.host);
  end if;
  new.search_text := lower(concat_ws(E'\n',
    nullif(new.name, ''), nullif(vuln.cve, ''), nullif(vuln.cwe, ''),
    case when new.area = 'sourcecode' then nullif(vuln.component, '') end,
    case when new.area = 'web' then web_host else new.host end));
  return new;
end
$$;

create trigger findings_place before insert or update of area, parent_id, vulnerability_id, host, name on findings
  for each row execute function findings_place();

-- Rows written before this migration get their placement now (the trigger fires on the update).
update findings set area = area;

-- Who changed a finding's status is shown to everyone who may see the finding, staff included,
-- though a client may not read staff accounts: this answers only the four public fields, and only
-- for users who wrote a status history entry.
create function finding_modifiers(ids integer[])
  returns table (id integer, username text, email text, fullname text)
  language sql stable security definer
  set search_path = public
  set app.scope = 'all'
as $$
  select u.id, u.username, u.email, u.first_name || ' ' || u.last_name
    from users u
   where u.id = any (ids)
     and exists (select 1 from finding_logs l where l.modified_by = u.id)
$$;
revoke all on function finding_modifiers(integer[]) from public;
grant execute on function finding_modifiers(integer[]) to sentinel_app;

-- The index's orders, each ending with the id (clients always filter by company; staff often not).
create index findings_order_severity_idx on findings (company_id, severity_rank desc, id);
create index findings_order_severity_all_idx on findings (severity_rank desc, id);
create index findings_order_status_idx on findings (company_id, status_rank, id);
create index findings_order_name_idx on findings (company_id, name_key, id);
create index findings_order_host_idx on findings (company_id, sort_host, id);
create index findings_order_cvss_idx on findings (company_id, cvss desc nulls last, id);
-- Its filters.
create index findings_scan_idx on findings (scan_id, area);
create index findings_product_idx on findings (product_id);
-- first_seen, last_seen and change: the findings of one vulnerability on one target, by scan.
create index findings_occurrence_idx on findings (target_key, vulnerability_id, scan_id, created_at);
-- Undo reads a batch's changes; a finding's batches are looked up by finding.
create index finding_batch_changes_finding_idx on finding_batch_changes (finding_id);
