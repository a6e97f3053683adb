-- Exposure detection scans that really run (issue 29): dnsrecon over the organisation's domain, then
-- nmap over the addresses its names point at.

-- What the scan was charged when it was queued (a refund returns exactly that), how far it is, and the
-- name servers that handed the whole zone to the scanner (a finding shown with the scan).
alter table exposure_scans add column price numeric not null default 0 check (price >= 0);
alter table exposure_scans add column progress integer not null default 0 check (progress between 0 and 100);
alter table exposure_scans add column zone_transfer_servers text[] not null default '{}';
-- Older scans (demo data, scans written before this) have ended or never ran.
update exposure_scans set progress = 100 where status in ('COMPLETED', 'FAILED', 'ABORTED');

-- Where a host's service scan stands: PENDING until nmap has run over it, SKIPPED when its address is
-- outside what this server may scan (the host is still listed), FAILED when nmap failed. A retried job
-- scans only the PENDING ones. Hosts written before this were complete.
alter table exposure_hosts add column service_scan text not null default 'COMPLETED'
  check (service_scan in ('PENDING', 'COMPLETED', 'SKIPPED', 'FAILED'));
alter table exposure_hosts add column service_note text check (char_length(service_note) <= 500);
