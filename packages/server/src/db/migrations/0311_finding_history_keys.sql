-- A bulk status change writes one history row and one batch change per finding (issue 30). Each row
-- paid a foreign-key check of its company_id against companies, which the statement itself proves:
-- the company is copied from the finding in the same statement, the finding's own key to companies
-- holds it, and a history row or batch change goes with its finding (finding_id keeps its key, on
-- delete cascade), so neither can outlive its company. 100,000 rows: 100,000 lookups and row locks
-- of the company less, twice.
alter table finding_logs drop constraint finding_logs_company_id_fkey;
alter table finding_batch_changes drop constraint finding_batch_changes_company_id_fkey;
