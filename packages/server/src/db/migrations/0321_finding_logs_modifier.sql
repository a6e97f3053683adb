-- finding_modifiers (0060) answers a user only if they wrote a status history entry, checked with
-- `exists (… finding_logs where modified_by = u.id)`. Without an index that is a sequential scan of
-- finding_logs until the user's first entry: at a million findings, after the benchmark's bulk changes
-- (2.1 million entries), 0.2–0.4 s for an account whose entries come late in the table, on every
-- Finding body and index page that shows a history it wrote (issue 30). The index also serves the
-- foreign key's check when a user is deleted.
create index finding_logs_modifier_idx on finding_logs (modified_by) where modified_by is not null;
