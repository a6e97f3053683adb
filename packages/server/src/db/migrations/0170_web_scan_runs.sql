-- Web application scans that really run (issue 29): what a run was charged, who started it, when it
-- started and ended, and how far it got, as network scans already record.
alter table web_scans add column price numeric not null default 0 check (price >= 0);
alter table web_scans add column scanned_by integer references users (id);
alter table web_scans add column start_time timestamptz;
alter table web_scans add column end_time timestamptz;
alter table web_scans add column progress integer not null default 0 check (progress between 0 and 100);
-- "Another scan of this application is queued or running" is asked on every run.
create index web_scans_active_idx on web_scans (app_id) where status in ('QUEUED', 'RUNNING');
