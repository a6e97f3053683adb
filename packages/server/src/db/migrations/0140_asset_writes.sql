-- Products and assets that clients add, edit and remove (issue 28). Valid on PostgreSQL 14 to 18.

-- Removing is archiving: scans, endpoints and findings name assets and products by id, and their
-- history stays readable after the target is gone. Lists, counts and duplicate checks skip archived rows.
alter table products add column archived_at timestamptz;
alter table network_assets add column archived_at timestamptz;
alter table web_assets add column archived_at timestamptz;
alter table source_assets add column archived_at timestamptz;
alter table exposure_assets add column archived_at timestamptz;

-- The clone URL a repository was added with; older rows derive one from provider, owner and name.
alter table source_assets add column repository_url text;

-- New exposure assets need a target id of their own. The seed numbers targets from 1; starting far
-- above it keeps an added asset's target from meeting one the seed loads later.
create sequence exposure_target_ids start with 1000000;
alter table exposure_assets alter column target_id set default nextval('exposure_target_ids');
