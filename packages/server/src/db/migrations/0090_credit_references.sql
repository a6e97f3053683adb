-- What each ledger row was for (issue 28): the scan's page or the payment, named as it was when the
-- credits moved, in the contract's CreditTransactionReference shape. A snapshot, not a foreign key:
-- the transaction keeps saying what it paid for after a product or an application is renamed or
-- removed. Null for rows written before there was a reference.
alter table credit_transactions add column reference jsonb
  check (reference is null or (jsonb_typeof(reference) = 'object'
         and reference ->> 'kind' in ('PAYMENT', 'NETWORK_VA', 'APPLICATION_VA', 'SOURCE_CODE_VA',
                                      'EXPOSURE_DETECTION', 'THREAT_INSPECTION')
         and (reference ->> 'id') is not null and (reference ->> 'label') is not null));
