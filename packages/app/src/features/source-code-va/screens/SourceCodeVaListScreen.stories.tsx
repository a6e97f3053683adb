import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { untilRouteLoads } from "../../../app/testing/play.ts";
import { StoryApp } from "../../../app/testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../app/testing/storyHandlers.ts";

const path = "/api/v1/sourcecode/applications/";

const meta = {
  title: "Screens/SourceCode/List",
  component: StoryApp,
  args: { path: "/source-code-va", role: "CLIENT_ADMIN" },
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Source Code" }, untilRouteLoads);
    const table = await canvas.findByRole("grid", { name: "Repositories" }, untilRouteLoads);
    expect((await within(table).findAllByRole("row", undefined, untilRouteLoads)).length).toBeGreaterThan(1);
    expect(within(table).getAllByText(/^(Done|Queued|Scanning|Failed)$/).length).toBeGreaterThan(0);
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", path));
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole("grid", { name: "Repositories" }, untilRouteLoads);
    expect(table).toHaveAttribute("aria-busy", "true");
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList(path));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText("No repositories yet. Add one to scan it.", undefined, untilRouteLoads);
  },
};

export const ErrorState: Story = {
  name: "Error",
  beforeEach({ msw }) {
    msw.use(mockError("get", path, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/We couldn't load the repositories/, undefined, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    expect(await canvas.findByRole("button", { name: "Retry" }, untilRouteLoads)).toBeInTheDocument();
  },
};

/**
 * Add repository: GitHub is the only provider that can be chosen; the registered repository
 * appears at the top of the list with its first scan queued.
 */
export const AddRepository: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findByRole("grid", { name: "Repositories" }, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Add repository" }));
    const dialog = await body.findByRole("dialog", { name: "Add repository" }, untilRouteLoads);

    expect(within(dialog).getByRole("radio", { name: "GitHub" })).toBeChecked();
    for (const name of ["GitLab", "Bitbucket", "Azure DevOps"]) {
      const radio = within(dialog).getByRole("radio", { name: new RegExp(name) });
      expect(radio).toBeDisabled();
    }
    expect(within(dialog).getAllByText("Not yet available")).toHaveLength(3);

    // Submitting without a repository explains what is missing.
    await userEvent.click(within(dialog).getByRole("button", { name: "Add repository" }));
    expect(
      await within(dialog).findByText("Choose the repository to scan.", undefined, untilRouteLoads),
    ).toBeInTheDocument();

    const combo = within(dialog).getByRole("combobox", { name: /Repository/ });
    await waitFor(() => expect(combo).toBeEnabled());
    await userEvent.click(combo);
    await userEvent.keyboard("{ArrowDown}");
    const options = await body.findAllByRole("option", undefined, untilRouteLoads);
    const free = options.find((o) => o.getAttribute("aria-disabled") !== "true");
    expect(free).toBeDefined();
    const label = (free?.textContent ?? "").split("/")[1]?.split(/\s/)[0] ?? "";
    await userEvent.click(free as HTMLElement);
    await userEvent.click(within(dialog).getByRole("button", { name: "Add repository" }));

    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await canvas.findByRole("status", undefined, untilRouteLoads)).toHaveTextContent(
      /was added; its first scan is queued/,
    );
    const table = canvas.getByRole("grid", { name: "Repositories" });
    const firstRow = (await within(table).findAllByRole("row", undefined, untilRouteLoads))[1] as HTMLElement;
    await waitFor(() => expect(firstRow).toHaveTextContent(label));
    expect(within(firstRow).getByText("Queued")).toBeInTheDocument();
  },
};
