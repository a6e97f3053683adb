-- The dashboard's reads (src/areas/dashboard/queries.ts).

-- Staff read the whole ledger by time: the newest transaction (where the periods end), the twelve
-- months of the credit graph and the last two 30-day periods. A client's reads use
-- credit_transactions_company_idx.
create index credit_transactions_created_idx on credit_transactions (created_at);

-- The five newest scans and tickets: per company for a client, across companies for staff, in the
-- lists' own order (newest first, then the higher id), so each list stops after five index entries.
create index source_scans_company_created_idx on source_scans (company_id, created_at desc, id desc);
create index web_scans_company_created_idx on web_scans (company_id, created_at desc, id desc);
create index network_scans_created_idx on network_scans (created_at desc, id desc);
create index source_scans_created_idx on source_scans (created_at desc, id desc);
create index web_scans_created_idx on web_scans (created_at desc, id desc);
create index tickets_created_idx on tickets (created_at desc, id desc);
