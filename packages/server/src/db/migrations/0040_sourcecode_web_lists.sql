-- The source code and web application lists: one company's apps, newest first (created_at, then id,
-- as static mode orders them), read from an index instead of sorting every app of the company.
create index source_apps_company_idx on source_apps (company_id, created_at desc, id desc);
create index web_apps_company_idx on web_apps (company_id, created_at desc, id desc);
