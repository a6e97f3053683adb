import { ApiError } from "@sentinel/api-client";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { FindingDetail } from "./FindingDetail.tsx";
import { logAdmin, makeFinding, makeLogEntry } from "./testing/findingFixture.ts";

const meta = {
  title: "Patterns/Findings/FindingDetail",
  id: "shared-findings-findingdetail",
  component: FindingDetail,
  args: { finding: makeFinding() },
} satisfies Meta<typeof FindingDetail>;

export default meta;
type Story = StoryObj<typeof meta>;

const sections = [
  "Details",
  "Summary",
  "Description",
  "Impact",
  "Insight",
  "Affected",
  "Mitigation",
  "References",
  "Status history",
];

/** A network finding: every field, with port, protocol, CVSS vectors and scores. */
export const Network: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of sections) expect(canvas.getByRole("heading", { level: 3, name })).toBeInTheDocument();
    expect(canvas.getByText("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N")).toBeInTheDocument();
    expect(canvas.getByText("5.3")).toBeInTheDocument();
    expect(canvas.getByText("CVE-2018-15473")).toBeInTheDocument();
    expect(canvas.getByText("80%")).toBeInTheDocument();
    expect(canvas.getByText("TCP")).toBeInTheDocument();
    // Read-only without onStatusChange.
    expect(canvas.queryByRole("button", { name: "Change status" })).not.toBeInTheDocument();
  },
};

/**
 * A finding a rescan found again after it had been mitigated (issue 29): the details say it is
 * reopened since the last scan, and which earlier finding it continues.
 */
export const Reopened: Story = {
  args: { finding: makeFinding({ change: "REOPENED", previous_id: 4211 }) },
  play: async ({ canvasElement }) => {
    const details = within(canvasElement).getByLabelText("Finding details");
    const terms = within(details).getAllByRole("term");
    const definitions = within(details).getAllByRole("definition");
    const definitionOf = (term: string) => definitions[terms.findIndex((t) => t.textContent === term)]?.textContent;
    await expect(definitionOf("Since last scan")).toBe("Reopened");
    await expect(definitionOf("Continues")).toBe("Finding #4211");
  },
};

/** A host-wide finding says "general" for its port. */
export const GeneralPort: Story = {
  args: { finding: makeFinding({ port: "general", protocol: null }) },
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByText("general")).toBeInTheDocument();
  },
};

/** A source code finding: component, line and the snippet with the affected line highlighted. */
export const SourceCode: Story = {
  args: {
    finding: makeFinding({
      name: "SQL query built from user input",
      endpoint: null,
      port: null,
      protocol: null,
      cvss2: null,
      cvss2_score: null,
      component: "app/orders/repository.py",
      line: 42,
      sourcecode_finding_type: "SAST",
      code_snippets: [
        "40 | def find_order(order_id):",
        "41 |     cursor = connection.cursor()",
        '42 |     cursor.execute(f"SELECT * FROM orders WHERE id = {order_id}")',
        "43 |     return cursor.fetchone()",
      ],
      rule_examples: ['cursor.execute("SELECT * FROM orders WHERE id = %s", [order_id])'],
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const code = canvas.getByRole("region", { name: "Code snippet" });
    const current = within(code)
      .getAllByRole("listitem")
      .filter((item) => item.getAttribute("aria-current") === "true");
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent("cursor.execute(f");
    expect(canvas.getByRole("region", { name: "Rule example 1" })).toBeInTheDocument();
  },
};

/** References: only http(s) becomes a link; `javascript:` and `data:` stay inert text. */
export const HostileReferences: Story = {
  args: {
    finding: makeFinding({
      name: 'Service banner injection <img src=x onerror="window.__xss=1">',
      description: "The banner returned <script>window.__xss=1</script>",
      references: [
        "https://advisories.example.com/banner-injection",
        "javascript:window.__xss=1",
        "data:text/html,<script>window.__xss=1</script>",
        "//evil.example/path",
      ],
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const references = canvas.getByRole("heading", { name: "References" }).closest("section") as HTMLElement;
    const links = within(references).getAllByRole("link");
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute("href", "https://advisories.example.com/banner-injection");
    expect(within(references).getByText("javascript:window.__xss=1").closest("a")).toBeNull();
    expect(within(references).getAllByText("(not a web address, so not linked)")).toHaveLength(3);
    expect(canvasElement.querySelector("img, script")).toBeNull();
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  },
};

/** The status history, newest first: old → new, message, actor (System for the scan) and time. */
export const Timeline: Story = {
  args: {
    finding: makeFinding({
      status: "ACTIVE",
      finding_log_status: [
        makeLogEntry({ id: 1, at: "2026-11-01T08:00:00Z" }),
        makeLogEntry({
          id: 2,
          old_status: "ACTIVE",
          new_status: "FIXING",
          new_status_display: "Fixing",
          message: "Update to fixing",
          modified_by: logAdmin,
          at: "2026-11-03T10:30:00Z",
        }),
        makeLogEntry({
          id: 3,
          old_status: "FIXING",
          new_status: "ACTIVE",
          new_status_display: "Active",
          message: "Update to active",
          modified_by: logAdmin,
          at: "2026-11-05T14:00:00Z",
        }),
      ],
    }),
  },
  play: async ({ canvasElement }) => {
    const history = within(canvasElement).getByRole("list", { name: "Status history" });
    const items = within(history).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent("Update to active");
    expect(items[0]).toHaveTextContent("Ayu Pratama");
    expect(items[2]).toHaveTextContent("Finished scan by system");
    expect(items[2]).toHaveTextContent("System");
    // The system's first entry has no old status: one badge only.
    expect(within(items[1] as HTMLElement).getByText("Fixing")).toBeInTheDocument();
  },
};

/** Entries written by bulk changes say so; an undo says whose change of when it took back, as plain text. */
export const TimelineWithBatches: Story = {
  args: {
    finding: makeFinding({
      status: "ACTIVE",
      finding_log_status: [
        makeLogEntry({ id: 1, at: "2026-11-01T08:00:00Z" }),
        makeLogEntry({
          id: 2,
          old_status: "ACTIVE",
          new_status: "FALSE_POSITIVE",
          new_status_display: "False Positive",
          message: "Banner check misreads the patched build",
          modified_by: logAdmin,
          at: "2026-11-03T10:30:00Z",
          batch_id: 12,
        }),
        makeLogEntry({
          id: 3,
          old_status: "FALSE_POSITIVE",
          new_status: "ACTIVE",
          new_status_display: "Active",
          message: "Undo of batch 12",
          modified_by: logAdmin,
          at: "2026-11-03T10:31:00Z",
          batch_id: 13,
          undoes: 12,
        }),
      ],
    }),
  },
  play: async ({ canvasElement }) => {
    const history = within(canvasElement).getByRole("list", { name: "Status history" });
    const [undo, change, scan] = within(history).getAllByRole("listitem");
    expect(undo).toHaveTextContent(/Undid Ayu Pratama's bulk change of .*3.*10:30/);
    expect(undo).not.toHaveTextContent(/batch|bulk change ·/i);
    expect(within(undo as HTMLElement).queryByRole("button")).toBeNull();
    expect(change).toHaveTextContent("Banner check misreads the patched build");
    expect(change).toHaveTextContent("Ayu Pratama · bulk change");
    expect(change).not.toHaveTextContent(/batch/i);
    expect(scan).not.toHaveTextContent("bulk change");
  },
};

/**
 * One reason rule with the bulk change: Tolerated needs a reason (refused without one, then sent
 * with it); Fixing may go without one, and the history then reads the spec's "Update to fixing".
 */
export const StatusForm: Story = {
  args: { onStatusChange: fn(async () => undefined) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole("button", { name: /New status/ }));
    // The current status cannot be chosen again.
    expect(await body.findByRole("option", { name: /Active/ })).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(body.getByRole("option", { name: /^Tolerated/ }));
    await userEvent.click(canvas.getByRole("button", { name: "Change status" }));
    expect(
      await canvas.findByText("Say why this finding is Tolerated; it is kept in its history."),
    ).toBeInTheDocument();
    expect(args.onStatusChange).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByRole("textbox", { name: /Reason/ }), "Accepted risk until Q1");
    await userEvent.click(canvas.getByRole("button", { name: "Change status" }));
    expect(args.onStatusChange).toHaveBeenCalledWith({ status: "TOLERATED", message: "Accepted risk until Q1" });
    // Fixing needs no reason: the field says so, and the change is sent with the default wording.
    await userEvent.click(canvas.getByRole("button", { name: /New status/ }));
    await userEvent.click(await body.findByRole("option", { name: "Fixing" }));
    expect(canvas.getByRole("textbox", { name: /Reason \(optional\)/ })).not.toBeRequired();
    await userEvent.click(canvas.getByRole("button", { name: "Change status" }));
    expect(args.onStatusChange).toHaveBeenLastCalledWith({ status: "FIXING", message: "Update to fixing" });
  },
};

/**
 * Someone else changed the finding while it was open (409 with its current state): the form says
 * what it is now and by whom, and keeps the message the user typed.
 */
export const StatusConflict: Story = {
  args: {
    onStatusChange: fn(async () => {
      throw new ApiError(
        409,
        {
          detail: "This finding changed since you loaded it.",
          code: "version_conflict",
          current: makeFinding({
            status: "FIXING",
            status_display: "Fixing",
            version: 3,
            modified_by: { id: 7, username: "rina", email: "rina@example.com", fullname: "Rina Hartono" },
          }),
        } as never,
        "/api/v1/webapp/scans/1/findings/1/",
      );
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole("button", { name: /New status/ }));
    await userEvent.click(await body.findByRole("option", { name: /^Mitigated/ }));
    await userEvent.type(canvas.getByRole("textbox", { name: /Reason/ }), "WAF rule deployed");
    await userEvent.click(canvas.getByRole("button", { name: "Change status" }));
    expect(args.onStatusChange).toHaveBeenCalledOnce();
    const alert = await canvas.findByRole("alert");
    expect(alert).toHaveTextContent("it is now Fixing by Rina Hartono");
    expect(alert).toHaveTextContent("Your message is kept");
    expect(canvas.getByRole("textbox", { name: /Reason/ })).toHaveValue("WAF rule deployed");
  },
};

/**
 * Owned and late (issue 28): the assignee and the due date are details; overdue is said in words
 * beside the date, not by colour alone. An admin's view has the assignee picker under Ownership.
 */
export const AssignedAndOverdue: Story = {
  args: {
    finding: makeFinding({
      assignee: { id: 6, email: "member@example.com", fullname: "Budi Santoso" },
      due_date: "2026-10-20T08:00:00.000Z",
      is_overdue: true,
    }),
    assigneeControl: <p>Assignee picker</p>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const details = canvas.getByLabelText("Finding details");
    await expect(details).toHaveTextContent("AssigneeBudi Santoso");
    await expect(details).toHaveTextContent(/Due.*2026.*Overdue/);
    await expect(canvas.getByRole("heading", { level: 3, name: "Ownership" })).toBeInTheDocument();
  },
};

/** No due date for its severity, and nobody assigned; no Ownership section for a viewer who may not assign. */
export const UnassignedNoDueDate: Story = {
  args: { finding: makeFinding({ severity: "INFO", due_date: null }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const details = canvas.getByLabelText("Finding details");
    await expect(details).toHaveTextContent("AssigneeUnassigned");
    await expect(details).toHaveTextContent("DueNo due date");
    await expect(details).not.toHaveTextContent("Overdue");
    await expect(canvas.queryByRole("heading", { name: "Ownership" })).not.toBeInTheDocument();
  },
};
