-- Payment items live inside payments.items (jsonb), with no table to number them; new items take
-- their ids from this sequence. The ids only need to be unique, so it starts above every item id
-- already stored and above the demo data's (static mode numbers its items in the hundreds, and the
-- demo data is loaded after the migrations, so it cannot be measured here).
create sequence payment_item_id_seq;
select setval('payment_item_id_seq',
              greatest(1000000, (select coalesce(max((i ->> 'id')::integer), 0)
                                   from payments, jsonb_array_elements(items) i)));
