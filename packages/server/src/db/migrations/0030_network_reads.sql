-- Reads of the asset inventory, network VA and exposure detection.

-- A product's asset counters and the `?product=` filters read the asset tables by product.
create index if not exists network_assets_product_idx on network_assets (product_id);
create index if not exists exposure_assets_product_idx on exposure_assets (product_id);
create index if not exists threat_assets_product_idx on threat_assets (product_id);
create index if not exists web_assets_product_idx on web_assets (product_id);
create index if not exists source_assets_product_idx on source_assets (product_id);
-- An exposure asset's configuration, for its last scan.
create index if not exists exposure_configs_asset_idx on exposure_configs (asset_id);
-- A configuration's scans newest first (its scan list, and its status from the newest scan).
create index if not exists network_scans_config_schedule_idx
  on network_scans (config_id, scan_time_schedulle desc, id desc);

-- Who started a scan, as the contract's UserSummary. The starter is often an analyst, a user a client's
-- row-level security hides; a client still sees who scanned its own assets (static mode shows them).
-- The function reads that one user's id, address and name as staff would, and nothing else: its SET
-- clause lasts only while it runs.
create function scanned_by_summary(user_id integer) returns json
  language sql stable
  set app.scope = 'all'
as $$
  select json_build_object('id', u.id, 'email', u.email, 'fullname', u.first_name || ' ' || u.last_name)
  from users u where u.id = user_id
$$;
