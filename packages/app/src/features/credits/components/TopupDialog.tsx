import type { Payment, PaymentMethod } from "@sentinel/api-client";
import {
  Button,
  Dialog,
  formatBalance,
  formatMoney,
  Inline,
  Modal,
  NumberField,
  Radio,
  RadioGroup,
} from "@sentinel/ui";
import { type FormEvent, useRef, useState } from "react";
import { creditPricePerUnit } from "../../../lib/credits.ts";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { useRequestTopup } from "../api/credits.ts";
import { creditTypeLabels, purchasableCreditTypes } from "../format.ts";
import * as styles from "./credits.css.ts";

type Amounts = Partial<Record<(typeof purchasableCreditTypes)[number], number>>;

export interface TopupDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Called with the new UNPAID payment, e.g. to show its bank details. */
  onRequested: (payment: Payment) => void;
}

/** Buy credits: an amount per credit type and a payment method; creates an UNPAID payment. */
export function TopupDialog({ isOpen, onOpenChange, onRequested }: TopupDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Dialog title="Request a top-up">
        {isOpen ? <TopupForm onCancel={() => onOpenChange(false)} onRequested={onRequested} /> : null}
      </Dialog>
    </Modal>
  );
}

function TopupForm({ onCancel, onRequested }: { onCancel: () => void; onRequested: (payment: Payment) => void }) {
  const [amounts, setAmounts] = useState<Amounts>({});
  const [method, setMethod] = useState<PaymentMethod>("BANK_TRANSFER");
  const [error, setError] = useState("");
  const [methodError, setMethodError] = useState<string | undefined>(undefined);
  const inFlight = useRef(false);
  const topup = useRequestTopup();
  const lines = purchasableCreditTypes.flatMap((type) => {
    const amount = amounts[type];
    return amount !== undefined && Number.isFinite(amount) && amount > 0 ? [{ transaction_type: type, amount }] : [];
  });
  const credits = lines.reduce((sum, line) => sum + line.amount, 0);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    if (lines.length === 0) {
      setError("Enter how many credits you want for at least one credit type.");
      return;
    }
    inFlight.current = true;
    setError("");
    setMethodError(undefined);
    try {
      onRequested(await topup.request({ items: lines, payment_method: method }));
    } catch (failure) {
      // `items` is the whole list of amounts, not one input: its message goes with the form's.
      const mapped = mapApiErrors(failure, ["payment_method"], "The top-up wasn't requested", {
        items: "Credits to buy",
      });
      setMethodError(mapped.fields.payment_method);
      setError(mapped.form ?? "");
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Request a top-up">
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Credits to buy</legend>
        <div className={styles.amountGrid}>
          {purchasableCreditTypes.map((type) => (
            <NumberField
              key={type}
              label={`${creditTypeLabels[type]} credits`}
              value={amounts[type] ?? Number.NaN}
              onChange={(value) => setAmounts((current) => ({ ...current, [type]: value }))}
              minValue={0}
              step={100}
            />
          ))}
        </div>
      </fieldset>
      <RadioGroup
        label="Payment method"
        value={method}
        onChange={(value) => {
          setMethod(value === "CREDIT_CARD" ? "CREDIT_CARD" : "BANK_TRANSFER");
          setMethodError(undefined);
        }}
        orientation="horizontal"
        isInvalid={methodError !== undefined}
        errorMessage={methodError}
      >
        <Radio value="BANK_TRANSFER">Bank transfer</Radio>
        <Radio value="CREDIT_CARD">Credit card</Radio>
      </RadioGroup>
      <p className={styles.summary} aria-live="polite">
        {formatBalance(credits)} credits · {formatMoney(credits * creditPricePerUnit)} (
        {formatMoney(creditPricePerUnit)} per credit)
      </p>
      <p role="alert" className={styles.formError}>
        {error}
      </p>
      <Inline space="small" align="end">
        <Button variant="ghost" onPress={onCancel} isDisabled={topup.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="solid" isPending={topup.isPending}>
          Request top-up
        </Button>
      </Inline>
    </form>
  );
}
