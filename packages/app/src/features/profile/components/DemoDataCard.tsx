import { Button, Card } from "@sentinel/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import * as styles from "./profile.css.ts";

/** Static mode only: put the sample data back as it was seeded. */
export function DemoDataCard() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<"idle" | "pending" | "done" | "failed">("idle");

  async function reset() {
    setState("pending");
    try {
      // Loaded on demand, and compiled out of a build with static mode off (no msw in it at all).
      if (import.meta.env.VITE_STATIC_MODE !== "false") {
        (await import("@sentinel/api-client/mocks")).resetDemoData();
      }
      await queryClient.invalidateQueries();
      setState("done");
    } catch {
      setState("failed");
    }
  }

  return (
    <Card title="Demo data">
      <p className={styles.muted}>
        This is the demo (static mode): your changes are kept in this browser. Resetting restores the sample data.
      </p>
      <div>
        <Button variant="outline" isPending={state === "pending"} onPress={() => void reset()}>
          Reset demo data
        </Button>
      </div>
      <p role="status" className={styles.muted}>
        {state === "done" ? "Demo data restored." : state === "failed" ? "The demo data could not be reset." : ""}
      </p>
    </Card>
  );
}
