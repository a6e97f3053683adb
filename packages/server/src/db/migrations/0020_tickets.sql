-- Tickets: what the sends (tickets, replies, uploaded files) and the attachment download need beyond
-- 0002. Valid on PostgreSQL 14 to 18.

-- A top-up request's invoice code names one ticket; the code is drawn at random, so the index is
-- what makes a (very unlikely) repeat fail instead of naming two tickets.
create unique index tickets_invoice_code_key on tickets (invoice_code) where invoice_code is not null;
create index ticket_messages_sender_idx on ticket_messages (sender_id);
create index attachments_message_idx on attachments (message_id) where message_id is not null;

-- An attachment is either uploaded (its bytes are here, and its size is theirs) or a file of the demo
-- data that only ever had an address.
alter table attachments add constraint attachments_source check (content is not null or external_url is not null);
alter table attachments add constraint attachments_size check (content is null or size = octet_length(content));

-- A client's ticket thread names the staff who answered it. Staff rows have no company, so the tenant
-- policy hides them from clients; this policy shows (to reads only) the users who wrote a message the
-- caller may see. ticket_messages is itself under the tenant policy, so a client sees the senders of
-- their own company's threads and nobody else.
create policy ticket_participants on users for select
  using (exists (select 1 from ticket_messages m where m.sender_id = users.id));

-- Idempotency keys belong to one user: a request only ever reads its own caller's keys (the queries
-- filter by user too; this is the net under them).
alter table idempotency_keys enable row level security;
alter table idempotency_keys force row level security;
create policy own_keys on idempotency_keys using (app_all_companies() or user_id = app_user());
-- Expired keys (older than 24 hours) are purged by age.
create index idempotency_keys_created_idx on idempotency_keys (created_at);
