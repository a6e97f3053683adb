import { ApiError } from "@sentinel/api-client";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { emptyScanRequest, PatternForm, type ScanRequestValues } from "./PatternForm.tsx";

// The docs page's usage, do/don't and accessibility notes (Polaris-style do/don't, Carbon's form guidance).
const usage = `**When to use.** Any form that writes to the API: a kit field per value, the form's own checks when it is sent, and the API's answer mapped back onto the form (\`mapApiErrors\` in \`src/lib/formErrors.ts\`).

**When not to.** Don't wrap a single search or filter in a form with a submit button: lists search as the user types (see Patterns › Filtered paged table). A one-step status change with a message lives inside its panel (the finding drawer's status form).

**Do.**
- Give every field a visible label; mark required fields with \`isRequired\` (the label shows the mark) and say once, before the fields, what the mark means.
- Check when the form is sent, not when a field is left: a message appearing on blur moves the layout under the pointer. A field's message goes as soon as its value changes.
- Say exactly what is wrong and how to fix it ("Enter a full web address starting with https://"), never only "Invalid".
- Put the API's field errors beside their fields and everything else it said above the button, after what did not happen ("The application wasn't added: …").
- Keep every value after a failed send; the user fixes one thing and sends again.
- Make the submit button pending while the send is in flight, and send once however often it is pressed.

**Don't.**
- Don't clear or reset the form on an error.
- Don't disable the submit button to signal invalid input; let the send explain what is missing.
- Don't use a placeholder as the label.

**Accessibility.** Fields use \`validationBehavior="aria"\`: no browser bubbles, \`aria-invalid\` on the field and the message tied to it with \`aria-describedby\`, so a screen reader reads it with the field. A refused send moves focus to the first field to fix (the field's own message is then read). The form's own message sits in an always-present \`role="alert"\`, so it is announced when it appears; the success note is a \`role="status"\`. The pending button keeps focus and announces its pending label.`;

const filled: ScanRequestValues = {
  name: "Customer portal",
  url: "https://portal.example.com",
  frequency: "MONTHLY",
  max_endpoints: 12,
  notes: "Skip the /logout path.",
  authorised: true,
  notify: true,
};

const meta = {
  title: "Patterns/Forms",
  component: PatternForm,
  args: { onSubmit: fn(async () => undefined), defaultValues: emptyScanRequest },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof PatternForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const form = (canvasElement: HTMLElement) => within(canvasElement).getByRole("form", { name: "Add a web application" });
const submit = (canvasElement: HTMLElement) =>
  userEvent.click(within(canvasElement).getByRole("button", { name: "Add application" }));

/** An empty form: labels with required marks, descriptions, no messages yet. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(form(canvasElement));
    await expect(canvas.getByRole("textbox", { name: /^Name/ })).toBeRequired();
    await expect(canvas.getByRole("textbox", { name: /^Address/ })).toHaveAccessibleDescription(
      "The start page the scanner crawls from.",
    );
    await expect(canvas.getByRole("checkbox", { name: "I am authorised to test this address" })).toBeRequired();
    await expect(canvas.getByRole("switch", { name: "E-mail me when each scan finishes" })).toBeChecked();
    await expect(canvas.getByRole("alert")).toBeEmptyDOMElement();
    await expect(canvas.getByText("Fields marked * are required.")).toBeVisible();
  },
};

/** Sent empty: a specific message on each field that needs one, focus on the first, nothing sent. */
export const ClientValidation: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(form(canvasElement));
    await submit(canvasElement);
    const name = canvas.getByRole("textbox", { name: /^Name/ });
    await waitFor(() => expect(name).toHaveFocus());
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Enter a name for the application.");
    await expect(canvas.getByRole("textbox", { name: /^Address/ })).toHaveAccessibleDescription(
      /Enter the address to scan\./,
    );
    await expect(canvas.getByText("Choose how often to scan.")).toBeVisible();
    await expect(
      canvas.getByText("Confirm that you may test this address; we scan only with permission."),
    ).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A malformed address: its message says what a good one looks like; fixing it sends the form. */
export const FixAndSend: Story = {
  tags: ["!dev", "!autodocs", "test-only"],
  args: { defaultValues: { ...filled, url: "portal.example.com" } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(form(canvasElement));
    await submit(canvasElement);
    const url = canvas.getByRole("textbox", { name: /^Address/ });
    await waitFor(() => expect(url).toHaveFocus());
    await expect(url).toHaveAccessibleDescription(/Enter a full web address starting with https:\/\//);
    await userEvent.clear(url);
    // The message answers the old value; it goes on the first keystroke.
    await userEvent.type(url, "https://portal.example.com");
    await expect(url).not.toHaveAttribute("aria-invalid");
    await submit(canvasElement);
    await expect(args.onSubmit).toHaveBeenCalledWith({ ...filled });
    await expect(await canvas.findByRole("status")).toHaveTextContent(
      "Customer portal is added; its first scan is queued.",
    );
  },
};

/** The API refuses one field: its message goes beside that field, focus goes to it, the rest is kept. */
export const ServerFieldError: Story = {
  args: {
    defaultValues: filled,
    onSubmit: fn(async () => {
      throw new ApiError(400, { url: ["This address is already registered for your company."] }, "/api/v1/webapp/");
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(form(canvasElement));
    await submit(canvasElement);
    const url = canvas.getByRole("textbox", { name: /^Address/ });
    await waitFor(() => expect(url).toHaveFocus());
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(url).toHaveAccessibleDescription(/This address is already registered for your company\./);
    // The field message says it all: no form message repeats it.
    await expect(canvas.getByRole("alert")).toBeEmptyDOMElement();
    await expect(canvas.getByRole("textbox", { name: /^Name/ })).toHaveValue("Customer portal");
    await expect(url).toHaveValue("https://portal.example.com");
  },
};

/** The API refuses the whole request: its reason is announced above the button; every value stays. */
export const ServerFormError: Story = {
  args: {
    defaultValues: filled,
    onSubmit: fn(async () => {
      throw new ApiError(402, { detail: "Your credit balance is too low to schedule this scan." }, "/api/v1/webapp/");
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(form(canvasElement));
    await submit(canvasElement);
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "The application wasn't added: Your credit balance is too low to schedule this scan.",
    );
    await expect(canvas.getByRole("textbox", { name: /^Notes/ })).toHaveValue("Skip the /logout path.");
    await expect(canvas.getByRole("checkbox", { name: "I am authorised to test this address" })).toBeChecked();
  },
};

/** While the send is in flight the button is pending and a second press sends nothing. */
export const Pending: Story = {
  args: { defaultValues: filled, onSubmit: fn(() => new Promise<void>(() => {})) },
  // The button's spinner turns: its frames differ between captures.
  parameters: { visual: false },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: /Add application/ });
    await userEvent.dblClick(button);
    await expect(
      await within(canvasElement).findByRole("progressbar", { name: "Adding the application" }),
    ).toBeVisible();
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

/** The network fails: the form says so, keeps everything typed, and the next press sends it again. */
export const FailedSendKeepsInput: Story = {
  args: {
    defaultValues: emptyScanRequest,
    onSubmit: fn(async () => {
      throw new ApiError(0, undefined, "/api/v1/webapp/");
    }),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(form(canvasElement));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(canvas.getByRole("textbox", { name: /^Name/ }), "Customer portal");
    await userEvent.type(canvas.getByRole("textbox", { name: /^Address/ }), "https://portal.example.com");
    await userEvent.click(canvas.getByRole("button", { name: /Scan frequency/ }));
    await userEvent.click(await body.findByRole("option", { name: "Monthly" }));
    await userEvent.type(canvas.getByRole("textbox", { name: /^Notes/ }), "Skip the /logout path.");
    await userEvent.click(canvas.getByRole("checkbox", { name: "I am authorised to test this address" }));
    await submit(canvasElement);
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "The application wasn't added: The server could not be reached.",
    );
    await expect(canvas.getByRole("textbox", { name: /^Name/ })).toHaveValue("Customer portal");
    await expect(canvas.getByRole("textbox", { name: /^Address/ })).toHaveValue("https://portal.example.com");
    await expect(canvas.getByRole("button", { name: /Scan frequency/ })).toHaveTextContent("Monthly");
    await expect(canvas.getByRole("textbox", { name: /^Notes/ })).toHaveValue("Skip the /logout path.");
    await expect(canvas.getByRole("checkbox", { name: "I am authorised to test this address" })).toBeChecked();
    await submit(canvasElement);
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledTimes(2));
    await expect(args.onSubmit).toHaveBeenLastCalledWith({ ...filled, max_endpoints: 10 });
  },
};
