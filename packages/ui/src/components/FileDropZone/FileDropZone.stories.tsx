import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { frameMaxWidth, frameWidth } from "../../docs/storyFrames.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import { FileDropZone } from "./FileDropZone.tsx";

const MB = 1024 * 1024;
const file = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type });

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Attaching files by drag and drop, paste or a browse button: ticket attachments, evidence.\n\n**When not to.** Don't use it for a single avatar-style image with a preview crop, or when files are optional extras that most users skip (a plain browse button is enough).\n\n**Accessibility.** The browse button is always there, so dragging is never required. Rejected files get a specific error announced in an alert region; each chosen file has a named remove button.";

const meta = {
  title: "Components/Forms/FileDropZone",
  id: "forms-filedropzone",
  component: FileDropZone,
  args: {
    label: "Attachments",
    acceptedFileTypes: [".pdf", "image/png", "image/jpeg"],
    maxSizeBytes: 1 * MB,
    maxFiles: 3,
    onFilesChange: fn(),
  },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof FileDropZone>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const States: Story = {
  render: (args) => (
    <Stack space="xlarge" className={frameMaxWidth["32rem"]}>
      <FileDropZone
        {...args}
        label="With files and description"
        description="Screenshots or a PDF report help us reproduce the issue."
        defaultFiles={[file("report.pdf", "application/pdf", 250 * 1024), file("screenshot.png", "image/png", 1536)]}
      />
      <FileDropZone
        {...args}
        label="Required and invalid"
        isRequired
        isInvalid
        errorMessage="Attach the signed authorisation letter."
      />
      <FileDropZone
        {...args}
        label="Disabled"
        isDisabled
        defaultFiles={[file("contract.pdf", "application/pdf", 2048)]}
      />
      <FileDropZone label="No restrictions" />
    </Stack>
  ),
};

export const LongText: Story = {
  args: {
    label: "Evidence for the penetration-test scope change request, signed by the asset owner",
    defaultFiles: [
      file(
        "2026-11-21_signed_scope_change_request_for_production_and_staging_environments_final_v3.pdf",
        "application/pdf",
        987654,
      ),
    ],
  },
  render: (args) => (
    <div className={frameWidth["16rem"]}>
      <FileDropZone {...args} />
    </div>
  ),
};

export const RejectsWrongTypeAndTooBig: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    // The browser's accept filter is only a hint (users can pick "All files"); test what gets through it.
    const user = userEvent.setup({ applyAccept: false });
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("FileTrigger input not found");
    await expect(canvas.getByText("PDF, PNG, or JPEG, up to 1 MB each, at most 3 files.")).toBeVisible();

    await user.upload(input, file("payload.exe", "application/x-msdownload", 100));
    const alert = canvas.getByRole("alert");
    await expect(alert).toHaveTextContent('"payload.exe" is not an accepted file type. Use PDF, PNG, or JPEG.');
    await expect(canvas.queryByRole("list", { name: "Attached files" })).not.toBeInTheDocument();

    await user.upload(input, file("scan.pdf", "application/pdf", 2 * MB));
    await expect(alert).toHaveTextContent('"scan.pdf" is too big (2 MB). The limit is 1 MB per file.');
    await expect(alert).not.toHaveTextContent("payload.exe");
    await expect(args.onFilesChange).not.toHaveBeenCalled();

    await user.upload(input, file("notes.pdf", "application/pdf", 1536));
    await expect(alert).toBeEmptyDOMElement();
    const list = canvas.getByRole("list", { name: "Attached files" });
    await expect(within(list).getByText("notes.pdf")).toBeVisible();
    await expect(within(list).getByText("1,5 KB")).toBeVisible();
    await expect(args.onFilesChange).toHaveBeenLastCalledWith([expect.objectContaining({ name: "notes.pdf" })]);
  },
};

export const TooManyAndRemove: Story = {
  args: { maxFiles: 2 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const user = userEvent.setup({ applyAccept: false });
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("FileTrigger input not found");

    await user.upload(input, [
      file("a.pdf", "application/pdf", 10),
      file("b.png", "image/png", 10),
      file("c.jpg", "image/jpeg", 10),
    ]);
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      'Too many files: at most 2 files can be attached, so "c.jpg" was not added.',
    );
    const list = canvas.getByRole("list", { name: "Attached files" });
    await expect(within(list).getAllByRole("listitem")).toHaveLength(2);

    await user.click(canvas.getByRole("button", { name: "Remove a.pdf" }));
    await expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    await expect(canvas.getByRole("button", { name: "Browse files" })).toHaveFocus();
    await expect(args.onFilesChange).toHaveBeenLastCalledWith([expect.objectContaining({ name: "b.png" })]);
  },
};
