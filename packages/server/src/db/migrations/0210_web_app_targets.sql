-- Web applications a client adds from assets (issue 29): each keeps the schedule it was added with,
-- as a network configuration does, and its first scan is booked PENDING at the chosen time.
-- Applications from before this have no schedule (null): they are scanned when someone runs them.
alter table web_apps add column schedulle_type text
  check (schedulle_type in ('ONE_TIME_SCAN', 'SPECIFIED_SCHEDULLE', 'AUTOMATIC_SCHEDULLE'));
alter table web_apps add column frequency_type text check (frequency_type in ('WEEKLY', 'MONTHLY', 'QUARTERLY'));
alter table web_apps add constraint web_apps_frequency_check
  check (schedulle_type is null and frequency_type is null
         or (schedulle_type = 'AUTOMATIC_SCHEDULLE') = (frequency_type is not null));
alter table web_scans add column scan_time_schedulle timestamptz;
