-- Why a failed or aborted scan stopped (issue 28): shown on the scan's page instead of "no findings".
alter table web_scans add column failure_reason text check (char_length(failure_reason) <= 500);
alter table source_scans add column failure_reason text check (char_length(failure_reason) <= 500);
