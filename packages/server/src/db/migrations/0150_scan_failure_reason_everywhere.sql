-- Why a failed or aborted network, exposure detection or threat inspection scan stopped (issue 28), as
-- 0091 did for web and source code scans: the scan's page says why instead of reading as clean.
alter table network_scans add column failure_reason text check (char_length(failure_reason) <= 500);
alter table exposure_scans add column failure_reason text check (char_length(failure_reason) <= 500);
alter table threat_scans add column failure_reason text check (char_length(failure_reason) <= 500);
