-- How each scan's findings compared with the target's previous completed scan, counted by the store
-- in the transaction that matched them (issue 29): an import's answer (new, unchanged, reopened,
-- mitigated) is read from the scan row once it has ended, not recounted from findings whose status
-- people have changed since. Null for scans nothing was matched for (demo data, failed runs).
alter table network_scans
  add column new_count integer check (new_count >= 0),
  add column unchanged_count integer check (unchanged_count >= 0),
  add column reopened_count integer check (reopened_count >= 0),
  add column mitigated_count integer check (mitigated_count >= 0);
alter table web_scans
  add column new_count integer check (new_count >= 0),
  add column unchanged_count integer check (unchanged_count >= 0),
  add column reopened_count integer check (reopened_count >= 0),
  add column mitigated_count integer check (mitigated_count >= 0);
alter table source_scans
  add column new_count integer check (new_count >= 0),
  add column unchanged_count integer check (unchanged_count >= 0),
  add column reopened_count integer check (reopened_count >= 0),
  add column mitigated_count integer check (mitigated_count >= 0);
