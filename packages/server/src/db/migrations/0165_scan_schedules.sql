-- Scheduled scans (issue 29): the scheduler asks each second for the PENDING scans whose time has
-- come; this keeps that question an index lookup however many scans have ended.
create index network_scans_pending_idx on network_scans (scan_time_schedulle) where status = 'PENDING';
