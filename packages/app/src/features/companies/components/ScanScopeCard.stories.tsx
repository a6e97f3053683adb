import { configureApiClient } from "@sentinel/api-client";
import { db, demoToken, resetDemoData, SEED_NOW, setMockNow } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { type ReactNode, useState } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { PatternFrame } from "../../../shared/patterns/PatternFrame.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";
import { ScanScopeCard } from "./ScanScopeCard.tsx";

/** Calls the API as `email` (PatternFrame signs in the company admin; this child signs in after it). */
function As({ email, children }: { email: string; children: ReactNode }) {
  useState(() => {
    const token = demoToken(email);
    configureApiClient({ baseUrl: "", getToken: () => token });
    return null;
  });
  return children;
}

const superAdmin = (
  <As email="superadmin@example.com">
    <ScanScopeCard companyId={1} canEdit />
  </As>
);

/** Company 1's office VPN and a lab network, added by the super admin a week before the seed's now. */
function widenCompanyOne() {
  db.get().companyScanRanges = [
    {
      id: 1,
      company_id: 1,
      range: "10.40.0.0/16",
      note: "Office VPN",
      added_by: 1,
      added_by_name: "Sinta Wijaya",
      added_at: "2026-11-14T09:30:00Z",
    },
    {
      id: 2,
      company_id: 1,
      range: "fd12:3456:789a::/48",
      note: "",
      added_by: 1,
      added_by_name: "Sinta Wijaya",
      added_at: "2026-11-16T15:05:00Z",
    },
  ];
  db.get().nextId.companyScanRanges = 3;
}

const meta = {
  title: "Screens/Companies/ScanScopeCard",
  component: PatternFrame,
  args: { path: "/company-directory/1/company-information", children: superAdmin },
  parameters: {
    docs: {
      description: {
        component:
          "A company's scan scope (issue 29): the private, link-local or shared ranges its scans may reach beyond public addresses. Super admins add and remove ranges; a client admin reads them to understand a refused target.",
      },
    },
  },
  beforeEach: (context) => {
    useStaticModeHandlers(context);
    resetDemoData();
    setMockNow(SEED_NOW);
    return () => setMockNow(null);
  },
} satisfies Meta<typeof PatternFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

const card = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole("region", { name: "Scan scope" }));

/** A super admin sees the company's widened ranges, each with who added it and a Remove button. */
export const List: Story = {
  beforeEach: widenCompanyOne,
  play: async ({ canvasElement }) => {
    const scope = await card(canvasElement);
    const list = await scope.findByRole("list", { name: "Extra scan ranges" });
    const items = within(list).getAllByRole("listitem");
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent("10.40.0.0/16Office VPN · Added by Sinta Wijaya on 14 Nov 2026");
    await expect(scope.getByRole("button", { name: "Remove fd12:3456:789a::/48" })).toBeInTheDocument();
    await expect(scope.getByRole("button", { name: "Add range" })).toBeInTheDocument();
  },
};

/** A super admin adds the company's office VPN; the list shows it at once. */
export const Add: Story = {
  play: async ({ canvasElement }) => {
    const scope = await card(canvasElement);
    await expect(await scope.findByText("No extra ranges.")).toBeInTheDocument();
    await userEvent.click(scope.getByRole("button", { name: "Add range" }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole("dialog", { name: "Add a scan range" }));
    await userEvent.type(dialog.getByRole("textbox", { name: /Range/ }), "10.40.0.0/16");
    await userEvent.type(dialog.getByRole("textbox", { name: /Note/ }), "Office VPN");
    await userEvent.click(dialog.getByRole("button", { name: "Add range" }));
    const list = await scope.findByRole("list", { name: "Extra scan ranges" });
    await expect(list).toHaveTextContent("10.40.0.0/16Office VPN · Added by Sinta Wijaya on 21 Nov 2026");
    await waitFor(() => expect(body.queryByRole("dialog", { name: "Add a scan range" })).not.toBeInTheDocument());
  },
};

/** A public block needs no widening: the API's words show on the field and the dialog stays open. */
export const AddRefused: Story = {
  play: async ({ canvasElement }) => {
    const scope = await card(canvasElement);
    await userEvent.click(await scope.findByRole("button", { name: "Add range" }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole("dialog", { name: "Add a scan range" }));
    const range = dialog.getByRole("textbox", { name: /Range/ });
    await userEvent.type(range, "8.8.8.0/24");
    await userEvent.click(dialog.getByRole("button", { name: "Add range" }));
    await expect(
      await dialog.findByText("8.8.8.0/24 is public address space, which every company's scans may reach already."),
    ).toBeInTheDocument();
    await expect(range).toHaveAttribute("aria-invalid", "true");
    await expect(range).toHaveValue("8.8.8.0/24");
  },
};

/** A super admin removes a range after confirming; the list no longer shows it. */
export const Remove: Story = {
  beforeEach: widenCompanyOne,
  play: async ({ canvasElement }) => {
    const scope = await card(canvasElement);
    await userEvent.click(await scope.findByRole("button", { name: "Remove 10.40.0.0/16" }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole("alertdialog", { name: "Remove 10.40.0.0/16?" }));
    await userEvent.click(dialog.getByRole("button", { name: "Remove range" }));
    await waitFor(() => expect(scope.queryByText("10.40.0.0/16")).not.toBeInTheDocument());
    await expect(within(scope.getByRole("list", { name: "Extra scan ranges" })).getAllByRole("listitem")).toHaveLength(
      1,
    );
  },
};

/** The company's admin reads the ranges (so a refused target makes sense) and cannot change them. */
export const ClientAdminReadOnly: Story = {
  args: { children: <ScanScopeCard companyId={1} canEdit={false} /> },
  beforeEach: widenCompanyOne,
  play: async ({ canvasElement }) => {
    const scope = await card(canvasElement);
    const list = await scope.findByRole("list", { name: "Extra scan ranges" });
    await expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    await expect(scope.queryByRole("button", { name: "Add range" })).not.toBeInTheDocument();
    await expect(scope.queryByRole("button", { name: /^Remove/ })).not.toBeInTheDocument();
  },
};
