-- Each scan's findings per severity, kept on the scan row (issue 30). A finding's severity never
-- changes once its scan stored it, and findings are never deleted, so the store adds what it stored
-- in the transaction that stores it (as finding_changes, migration 0250) and a scan list reads its
-- counts from the row instead of counting every listed scan's findings on each read. Network and
-- threat scans count the findings of their endpoints; web and source code scans their own.
alter table network_scans
  add column finding_high integer not null default 0 check (finding_high >= 0),
  add column finding_medium integer not null default 0 check (finding_medium >= 0),
  add column finding_low integer not null default 0 check (finding_low >= 0),
  add column finding_info integer not null default 0 check (finding_info >= 0),
  add column finding_log integer not null default 0 check (finding_log >= 0);
alter table web_scans
  add column finding_high integer not null default 0 check (finding_high >= 0),
  add column finding_medium integer not null default 0 check (finding_medium >= 0),
  add column finding_low integer not null default 0 check (finding_low >= 0),
  add column finding_info integer not null default 0 check (finding_info >= 0),
  add column finding_log integer not null default 0 check (finding_log >= 0);
alter table source_scans
  add column finding_high integer not null default 0 check (finding_high >= 0),
  add column finding_medium integer not null default 0 check (finding_medium >= 0),
  add column finding_low integer not null default 0 check (finding_low >= 0),
  add column finding_info integer not null default 0 check (finding_info >= 0),
  add column finding_log integer not null default 0 check (finding_log >= 0);
alter table threat_scans
  add column finding_high integer not null default 0 check (finding_high >= 0),
  add column finding_medium integer not null default 0 check (finding_medium >= 0),
  add column finding_low integer not null default 0 check (finding_low >= 0),
  add column finding_info integer not null default 0 check (finding_info >= 0),
  add column finding_log integer not null default 0 check (finding_log >= 0);

-- The findings already stored, counted once.
update network_scans s
   set finding_high = c.high, finding_medium = c.medium, finding_low = c.low, finding_info = c.info, finding_log = c.log
  from (select se.scan_id,
               count(*) filter (where f.severity = 'HIGH') as high,
               count(*) filter (where f.severity = 'MEDIUM') as medium,
               count(*) filter (where f.severity = 'LOW') as low,
               count(*) filter (where f.severity = 'INFO') as info,
               count(*) filter (where f.severity = 'LOG') as log
          from findings f join scan_endpoints se on se.id = f.parent_id
         where f.area = 'network' group by se.scan_id) c
 where c.scan_id = s.id;
update web_scans s
   set finding_high = c.high, finding_medium = c.medium, finding_low = c.low, finding_info = c.info, finding_log = c.log
  from (select f.parent_id as scan_id,
               count(*) filter (where f.severity = 'HIGH') as high,
               count(*) filter (where f.severity = 'MEDIUM') as medium,
               count(*) filter (where f.severity = 'LOW') as low,
               count(*) filter (where f.severity = 'INFO') as info,
               count(*) filter (where f.severity = 'LOG') as log
          from findings f where f.area = 'web' group by f.parent_id) c
 where c.scan_id = s.id;
update source_scans s
   set finding_high = c.high, finding_medium = c.medium, finding_low = c.low, finding_info = c.info, finding_log = c.log
  from (select f.parent_id as scan_id,
               count(*) filter (where f.severity = 'HIGH') as high,
               count(*) filter (where f.severity = 'MEDIUM') as medium,
               count(*) filter (where f.severity = 'LOW') as low,
               count(*) filter (where f.severity = 'INFO') as info,
               count(*) filter (where f.severity = 'LOG') as log
          from findings f where f.area = 'sourcecode' group by f.parent_id) c
 where c.scan_id = s.id;
update threat_scans s
   set finding_high = c.high, finding_medium = c.medium, finding_low = c.low, finding_info = c.info, finding_log = c.log
  from (select e.scan_id,
               count(*) filter (where f.severity = 'HIGH') as high,
               count(*) filter (where f.severity = 'MEDIUM') as medium,
               count(*) filter (where f.severity = 'LOW') as low,
               count(*) filter (where f.severity = 'INFO') as info,
               count(*) filter (where f.severity = 'LOG') as log
          from findings f join threat_endpoints e on e.id = f.parent_id
         where f.area = 'threat' group by e.scan_id) c
 where c.scan_id = s.id;
