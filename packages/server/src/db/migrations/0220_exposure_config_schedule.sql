-- Exposure detection configurations made from the exposure screen (issue 29) carry the schedule they
-- were made with, as network configurations do; `scheduled_scan` stays the next due time. Rows made
-- before this had no schedule of their own: a set `scheduled_scan` read as a specified one.
alter table exposure_configs
  add column schedulle_type text not null default 'SPECIFIED_SCHEDULLE'
    check (schedulle_type in ('ONE_TIME_SCAN', 'SPECIFIED_SCHEDULLE', 'AUTOMATIC_SCHEDULLE')),
  add column frequency_type text check (frequency_type in ('WEEKLY', 'MONTHLY', 'QUARTERLY')),
  add constraint exposure_configs_frequency_check
    check ((schedulle_type = 'AUTOMATIC_SCHEDULLE') = (frequency_type is not null));
