import { type Finding, getApiClient, useApiQuery } from "@sentinel/api-client";
import { mockError, mockLoading } from "@sentinel/api-client/mocks";
import { Heading, SeverityBadge, Stack, StatusBadge } from "@sentinel/ui";
import { createPagedTableColumnHelper, PagedTable } from "@sentinel/ui/table";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { loadedRows, untilRouteLoads } from "../../testing/play.ts";
import { useStaticModeHandlers } from "../../testing/storyHandlers.ts";
import { PatternFrame } from "../patterns/PatternFrame.tsx";
import { findingLocators } from "./api/findingLocator.ts";
import { FindingDrawer } from "./FindingDrawer.tsx";
import { findingStatusLabels } from "./labels.ts";
import { useFindingParam } from "./useFindingParam.ts";

const findingsPath = "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/findings/";
const findingPath =
  "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/findings/{findingId}/";
const ids = { id: 1, scanId: 1, endpointId: 1 };

const helper = createPagedTableColumnHelper<Finding>();
const columns = helper.columns([
  helper.accessor("name", { header: "Finding", meta: { isRowHeader: true } }),
  helper.accessor("severity", { header: "Severity", cell: (info) => <SeverityBadge severity={info.getValue()} /> }),
  helper.accessor("status", {
    header: "Status",
    cell: (info) => <StatusBadge kind="finding" status={info.getValue()} />,
  }),
]);

/** A scanned host's findings, as the network endpoint screen lists them: a row opens its finding in the drawer. */
function EndpointFindings() {
  const { findingId, open, close } = useFindingParam();
  const findings = useApiQuery(findingsPath, { params: { path: ids, query: { page: 1, page_size: 5 } } });
  return (
    <Stack as="section" aria-labelledby="drawer-pattern-heading" space="medium">
      <Heading level={2} id="drawer-pattern-heading">
        Findings
      </Heading>
      <PagedTable
        aria-labelledby="drawer-pattern-heading"
        columns={columns}
        page={findings.data}
        isLoading={findings.isPending}
        error={findings.isError ? findings.error.message : null}
        onRetry={() => void findings.refetch()}
        onPageChange={() => undefined}
        paginationLabel="Findings pagination"
        onRowAction={(finding) => open(finding.id)}
      />
      <FindingDrawer
        locator={
          findingId === null ? null : findingLocators.network({ configId: 1, scanId: 1, endpointId: 1, findingId })
        }
        onClose={close}
      />
    </Stack>
  );
}

const usage = `**When to use.** To show one finding without leaving its list: the network, web application and source code scan pages and the threat-inspection endpoints open a finding row in this drawer. The open finding is in the URL (\`?finding=12\`), so reload, Back and a shared link reopen it.

**When not to.** Don't use it for a finding reached on its own (a link from elsewhere with no list behind it): show \`FindingView\` on a page whose h1 names the finding.

**Do.**
- Open it from the row (Enter or a click), and let Esc, the close button or a click outside close it.
- Let it own the refresh: a status change updates every list and counter showing the finding by itself.

**Don't.**
- Don't put a second drawer or a dialog on top of it; the status change happens inside it.

**Accessibility.** The drawer is a modal \`dialog\` named by the finding; focus moves into it when it opens and returns to the row that opened it when it closes. Loading is announced ("Loading the finding"); a failed load shows the reason with Retry inside the drawer.`;

const meta = {
  title: "Patterns/Findings/FindingDrawer",
  component: PatternFrame,
  args: { path: "/network-va/1/scan/1/scan-endpoint/1", children: <EndpointFindings /> },
  // The drawer is an overlay in a portal: shoot the page, not the story root.
  parameters: { visual: "page", docs: { description: { component: usage } } },
  beforeEach: useStaticModeHandlers,
} satisfies Meta<typeof PatternFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A finding open from its list, as users meet it: the kit's Drawer, named by the finding, over the list. */
export const Open: Story = {
  args: { path: "/network-va/1/scan/1/scan-endpoint/1?finding=1" },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const drawer = await body.findByRole("dialog", undefined, untilRouteLoads);
    await within(drawer).findByRole("heading", { name: "Status history" }, untilRouteLoads);
    const name = await within(drawer).findByRole("heading", { level: 2 });
    await expect(drawer).toHaveAccessibleName(name.textContent ?? "");
    await expect(within(drawer).getByRole("button", { name: "Change status" })).toBeInTheDocument();
    await waitFor(() => expect(drawer).toBeVisible());
  },
};

/** A row opens the drawer and puts the finding in the URL; Esc closes it, clears the URL and returns focus. */
export const OpenAndClose: Story = {
  tags: ["!dev", "!autodocs", "test-only"],
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const address = canvas.getByRole("status", { name: "Address" });
    const grid = await canvas.findByRole("grid", { name: "Findings" }, untilRouteLoads);
    const row = (
      await waitFor(async () => {
        const rows = await loadedRows(grid);
        expect(rows.length).toBeGreaterThan(0);
        return rows;
      })
    )[0] as HTMLElement;
    const name = within(row).getByRole("rowheader").textContent ?? "";
    row.focus();
    await userEvent.keyboard("{Enter}");
    const drawer = await body.findByRole("dialog", { name }, untilRouteLoads);
    await expect(address).toHaveTextContent(/\?finding=\d+$/);
    await within(drawer).findByRole("heading", { name: "Status history" }, untilRouteLoads);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument());
    await expect(address).toHaveTextContent(/^\/network-va\/1\/scan\/1\/scan-endpoint\/1$/);
    await waitFor(() => expect(row).toHaveFocus());
  },
};

/**
 * Someone else changed the finding while it was open, so the user's change answers 409 with the
 * finding as it is now: the drawer shows that at once. Its refetch is held, so what the drawer shows
 * can only have come from the conflict's answer.
 */
export const ChangedMeanwhile: Story = {
  tags: ["!dev", "!autodocs", "test-only"],
  args: { path: "/network-va/1/scan/1/scan-endpoint/1?finding=1" },
  // The held refetch keeps the form sending; the conflict's wording has its own picture
  // (FindingDetail's StatusConflict).
  parameters: { visual: false },
  play: async ({ canvasElement, msw }) => {
    const body = within(canvasElement.ownerDocument.body);
    const drawer = within(await body.findByRole("dialog", undefined, untilRouteLoads));
    const history = await drawer.findByRole("list", { name: "Status history" }, untilRouteLoads);
    const client = getApiClient();
    const at = { params: { path: { ...ids, findingId: 1 } } };
    const shown = (await client.GET(findingPath, at)).data;
    if (!shown) throw new Error("The finding did not load");
    const theirs = shown.status === "FIXING" ? "ACTIVE" : "FIXING";
    const ours = shown.status === "MITIGATED" ? "TOLERATED" : "MITIGATED";
    await client.PATCH(findingPath, { ...at, body: { status: theirs, message: "Patched by a colleague" } });
    msw.use(mockLoading("get", findingPath));

    await userEvent.click(drawer.getByRole("button", { name: /New status/ }));
    await userEvent.click(await body.findByRole("option", { name: new RegExp(`^${findingStatusLabels[ours]}`) }));
    await userEvent.type(drawer.getByRole("textbox", { name: /Reason/ }), "WAF rule deployed");
    await userEvent.click(drawer.getByRole("button", { name: "Change status" }));

    await waitFor(() => {
      const [latest] = within(history).getAllByRole("listitem");
      expect(latest).toHaveTextContent("Patched by a colleague");
      expect(latest).toHaveTextContent(findingStatusLabels[theirs]);
    });
    expect(within(history).queryByText("WAF rule deployed")).not.toBeInTheDocument();
  },
};

/** The finding is on its way: the drawer is open at once, with a busy placeholder. */
export const Loading: Story = {
  args: { path: "/network-va/1/scan/1/scan-endpoint/1?finding=1" },
  beforeEach({ msw }) {
    msw.use(mockLoading("get", findingPath));
  },
  play: async ({ canvasElement }) => {
    const drawer = await within(canvasElement.ownerDocument.body).findByRole("dialog", undefined, untilRouteLoads);
    await expect(within(drawer).getByText("Loading the finding")).toBeInTheDocument();
  },
};

/** The finding cannot be loaded: the reason and Retry show inside the drawer. */
export const LoadError: Story = {
  args: { path: "/network-va/1/scan/1/scan-endpoint/1?finding=1" },
  beforeEach({ msw }) {
    msw.use(mockError("get", findingPath, 500));
  },
  play: async ({ canvasElement }) => {
    const drawer = await within(canvasElement.ownerDocument.body).findByRole("dialog", undefined, untilRouteLoads);
    await expect(
      await within(drawer).findByText("We couldn't load this finding.", undefined, untilRouteLoads),
    ).toBeInTheDocument();
    await expect(within(drawer).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  },
};
