import type { User } from "@sentinel/api-client";
import { Badge, Button, Card } from "@sentinel/ui";
import { useState } from "react";
import { ChangePasswordDialog } from "./ChangePasswordDialog.tsx";
import * as styles from "./profile.css.ts";
import { SignOutOthersDialog } from "./SignOutOthersDialog.tsx";
import { TurnOffTwoFactorDialog, TurnOnTwoFactorDialog } from "./TwoFactorDialogs.tsx";

const twoFactor = {
  ACTIVE: { tone: "positive", label: "On" },
  SETUP: { tone: "caution", label: "Set-up pending" },
  INACTIVE: { tone: "neutral", label: "Off" },
} as const;

type Open = "password" | "twoFactorOn" | "twoFactorOff" | "sessions" | null;

/** The password, two-factor authentication and the account's other sessions. */
export function SecurityCard({ user }: { user: User }) {
  const [open, setOpen] = useState<Open>(null);
  const [message, setMessage] = useState("");
  const state = twoFactor[user.two_fa] ?? twoFactor.INACTIVE;
  const dialog = (name: Exclude<Open, null>) => ({
    isOpen: open === name,
    onOpenChange: (isOpen: boolean) => setOpen(isOpen ? name : null),
    onDone: setMessage,
  });

  return (
    <Card title="Security">
      <div>
        <div className={styles.setting}>
          <div className={styles.settingText}>
            <h3 className={styles.settingName}>Password</h3>
            <span className={styles.muted}>Changing it signs out your other sessions.</span>
          </div>
          <Button variant="outline" onPress={() => setOpen("password")}>
            Change password
          </Button>
        </div>
        <div className={styles.setting}>
          <div className={styles.settingText}>
            <h3 className={styles.settingName}>Two-factor authentication</h3>
            <span>
              <Badge tone={state.tone} label={state.label} />
            </span>
          </div>
          {user.two_fa === "ACTIVE" ? (
            <Button variant="outline" onPress={() => setOpen("twoFactorOff")}>
              Turn off
            </Button>
          ) : user.two_fa === "INACTIVE" ? (
            <Button variant="outline" onPress={() => setOpen("twoFactorOn")}>
              Turn on
            </Button>
          ) : (
            <span className={styles.muted}>You will set it up at your next sign-in.</span>
          )}
        </div>
        <div className={styles.setting}>
          <div className={styles.settingText}>
            <h3 className={styles.settingName}>Other sessions</h3>
            <span className={styles.muted}>Other browsers and devices signed in to your account.</span>
          </div>
          <Button variant="outline" onPress={() => setOpen("sessions")}>
            Sign out other sessions
          </Button>
        </div>
      </div>
      <p role="status" className={styles.status}>
        {message}
      </p>
      <ChangePasswordDialog
        isOpen={open === "password"}
        onOpenChange={(isOpen) => setOpen(isOpen ? "password" : null)}
        onChanged={setMessage}
      />
      <TurnOnTwoFactorDialog user={user} {...dialog("twoFactorOn")} />
      <TurnOffTwoFactorDialog {...dialog("twoFactorOff")} />
      <SignOutOthersDialog {...dialog("sessions")} />
    </Card>
  );
}
