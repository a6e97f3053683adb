-- Schedules in every area (issue 29): web applications, exposure detection configurations and source
-- code repositories are scanned at a booked time, once or on a WEEKLY/MONTHLY/QUARTERLY rhythm, as
-- network configurations are. The owner keeps the schedule's type and frequency (null: none).

-- Web applications and exposure detection configurations book their next run as a PENDING scan at
-- `scan_time_schedulle`, as network configurations do; scans run now have no booked time.
-- The schedule columns of web applications and web scans came with 0210 (adding web applications).
create index web_scans_pending_idx on web_scans (scan_time_schedulle) where status = 'PENDING';

-- Exposure configurations' schedule columns came with 0220 (adding exposure configurations).
alter table exposure_scans add column scan_time_schedulle timestamptz;
create index exposure_scans_pending_idx on exposure_scans (scan_time_schedulle) where status = 'PENDING';

-- Source code scans know no PENDING state (clients read QUEUED, SCANNING, DONE, FAILED), so a
-- repository keeps its next run itself: the time and the branch. A run that cannot happen is recorded
-- as a FAILED scan with its reason, the area's word for an abort.
alter table source_apps add column schedulle_type text
  check (schedulle_type in ('ONE_TIME_SCAN', 'SPECIFIED_SCHEDULLE', 'AUTOMATIC_SCHEDULLE'));
alter table source_apps add column frequency_type text check (frequency_type in ('WEEKLY', 'MONTHLY', 'QUARTERLY'));
alter table source_apps add constraint source_apps_frequency_check
  check ((schedulle_type = 'AUTOMATIC_SCHEDULLE') = (frequency_type is not null) or schedulle_type is null);
alter table source_apps add column scan_time_schedulle timestamptz;
alter table source_apps add column schedule_branch text check (char_length(schedule_branch) between 1 and 255);
alter table source_apps add constraint source_apps_schedule_check
  check ((scan_time_schedulle is null) or (schedulle_type is not null and schedule_branch is not null));
create index source_apps_due_idx on source_apps (scan_time_schedulle) where scan_time_schedulle is not null;
