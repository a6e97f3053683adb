-- Ticket lifecycle (issue 28): staff assign tickets, clients rate closed ones with an optional comment.
-- Valid on PostgreSQL 14 to 18.

alter table tickets add column assignee_id integer references users (id);
alter table tickets add column rating_comment text check (char_length(rating_comment) <= 1000);
-- Staff look for what is theirs.
create index tickets_assignee_idx on tickets (assignee_id) where assignee_id is not null;

-- A client's ticket shows who it is assigned to. Staff rows have no company, so the tenant policy
-- hides them from clients (as it hides the staff who answered, see 0020's ticket_participants); this
-- shows, to reads only, the staff assigned to a ticket the caller may see. tickets is itself under
-- the tenant policy, so a client sees the assignees of their own company's tickets and nobody else.
create policy ticket_assignees on users for select
  using (exists (select 1 from tickets t where t.assignee_id = users.id));
