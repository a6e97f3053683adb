-- Source code scans that really run (issue 29): what a run or an import of one branch records. The
-- lifecycle (QUEUED → SCANNING → DONE | FAILED) is enforced by 0160's trigger; an abort is a FAILED
-- scan whose failure_reason names who stopped it, since clients know no fifth state.

-- What the scan was charged when it was queued, so a refund returns exactly that, once.
alter table source_scans add column price numeric not null default 0 check (price >= 0);
alter table source_scans add column start_time timestamptz;
alter table source_scans add column end_time timestamptz;
-- Who ran or imported it; null for scans from before (demo data) and for registration's first scan.
alter table source_scans add column scanned_by integer references users (id);
-- The commit the clone checked out (40 or 64 hex digits): which code the findings are about.
alter table source_scans add column commit_sha text check (commit_sha ~ '^[0-9a-f]{40}([0-9a-f]{24})?$');
-- Where the findings came from: the engines, or an imported report (its stored sha256).
alter table source_scans add column report_sha256 text check (report_sha256 ~ '^[0-9a-f]{64}$');

-- The previous completed scan of the same application and branch, newest first, for matching.
create index source_scans_branch_idx on source_scans (app_id, branch, end_time desc nulls last, id desc);

-- The engine (or import) that reported a finding: a finding absent from a new scan is mitigated only
-- when that scan ran the same engine over the same branch and completed.
alter table findings add column engine text check (char_length(engine) <= 200);
