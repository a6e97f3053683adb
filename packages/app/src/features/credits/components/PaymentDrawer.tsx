import type { Payment } from "@sentinel/api-client";
import {
  Badge,
  DescriptionList,
  Drawer,
  ErrorState,
  formatBalance,
  formatDateTime,
  formatMoney,
  formatRelativeDuration,
  Heading,
  Skeleton,
  Stack,
  StatusBadge,
} from "@sentinel/ui";
import { useNow } from "../../../lib/NowContext.tsx";
import { creditTypeLabel, paymentMethodLabels } from "../format.ts";
import { isAwaitingPayment } from "../payments.ts";
import * as styles from "./credits.css.ts";

/** Time left to pay, or that the window has closed. Only an unpaid payment can expire. */
export function ExpiryCountdown({ payment }: { payment: Payment }) {
  const now = useNow();
  if (!isAwaitingPayment(payment)) return <span>{formatDateTime(payment.expired_at)}</span>;
  const at = Date.parse(payment.expired_at);
  const isExpired = Number.isNaN(at) || at <= now;
  return (
    <span className={styles.statusCell}>
      <time dateTime={payment.expired_at}>{formatDateTime(payment.expired_at)}</time>
      {isExpired ? (
        <Badge tone="critical" label="Expired" />
      ) : (
        <Badge tone="caution" label={`Expires ${formatRelativeDuration(payment.expired_at, now)}`} />
      )}
    </span>
  );
}

function PaymentDetails({ payment }: { payment: Payment }) {
  const isBank = payment.payment_method === "BANK_TRANSFER";
  const hasBankDetails =
    payment.payment_method_bank_name ||
    payment.payment_method_bank_account_name ||
    payment.payment_method_bank_account_number;
  return (
    <Stack space="large">
      <DescriptionList
        items={[
          {
            term: "Status",
            description: (
              <span className={styles.statusCell}>
                <StatusBadge kind="payment" status={payment.status} />
                {payment.is_deleted ? <Badge label="Deleted" weight="outlined" /> : null}
              </span>
            ),
          },
          { term: "Method", description: paymentMethodLabels[payment.payment_method] ?? payment.payment_method },
          { term: "Total credit", description: formatBalance(payment.total_credit_amount) },
          { term: "Total paid", description: formatMoney(payment.total_paid_amount) },
          { term: "Created", description: formatDateTime(payment.created_at) },
          { term: "Pay before", description: <ExpiryCountdown payment={payment} /> },
        ]}
      />
      {isBank ? (
        <Stack as="section" space="medium" aria-labelledby="payment-bank">
          <Heading level={3} id="payment-bank">
            Bank transfer
          </Heading>
          {hasBankDetails ? (
            <DescriptionList
              items={[
                { term: "Bank", description: payment.payment_method_bank_name ?? "—" },
                { term: "Account name", description: payment.payment_method_bank_account_name ?? "—" },
                {
                  term: "Account number",
                  description: (
                    <span className={styles.invoice}>{payment.payment_method_bank_account_number ?? "—"}</span>
                  ),
                },
                { term: "Reference", description: <span className={styles.invoice}>{payment.invoice_code}</span> },
              ]}
            />
          ) : (
            <p className={styles.secondary}>No bank details were issued for this payment.</p>
          )}
        </Stack>
      ) : null}
      <Stack as="section" space="medium" aria-labelledby="payment-items">
        <Heading level={3} id="payment-items">
          Items
        </Heading>
        {payment.metadata.length === 0 ? (
          <p className={styles.secondary}>No item details.</p>
        ) : (
          <Stack as="ul" space="xsmall">
            {payment.metadata.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: metadata rows have no id; the order is the API's.
              <li key={index} className={styles.itemRow}>
                <span>{creditTypeLabel(item.transaction_type)}</span>
                <span className={styles.numeric}>
                  {formatBalance(item.amount)} credits × {formatMoney(item.credit_price)} ={" "}
                  {formatMoney(item.amount * item.credit_price)}
                </span>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

export interface PaymentDrawerProps {
  /** Whether the drawer is open (the URL names a payment). */
  isOpen: boolean;
  /** The payment, once loaded. */
  payment: Payment | undefined;
  /** Why the payment could not be loaded, or null. @default null */
  error?: string | null;
  /** Loads the payment again after a failure. */
  onRetry?: () => void;
  onClose: () => void;
}

/** One payment's detail; it opens from the URL (`?payment=`), so it loads the payment itself. */
export function PaymentDrawer({ isOpen, payment, error = null, onRetry, onClose }: PaymentDrawerProps) {
  return (
    <Drawer
      title={payment ? `Payment ${payment.invoice_code}` : "Payment"}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {payment ? (
        <PaymentDetails payment={payment} />
      ) : error ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : (
        <Stack space="medium" aria-busy="true">
          <Skeleton variant="block" height="8rem" />
          <Skeleton variant="block" height="4rem" />
        </Stack>
      )}
    </Drawer>
  );
}
