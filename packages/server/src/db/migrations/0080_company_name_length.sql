-- The contract bounds a company name's length on input; the table only refuses an empty one, so a
-- longer limit in the contract never needs a migration (and imported or seeded names are kept).
alter table companies drop constraint companies_name_check;
alter table companies add constraint companies_name_check check (length(name) >= 1);
