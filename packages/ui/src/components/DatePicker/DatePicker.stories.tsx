import { CalendarDate, parseDate } from "@internationalized/date";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { frameMaxWidth, frameWidth } from "../../docs/storyFrames.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import { DatePicker } from "./DatePicker.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  '**When to use.** A single date typed or picked from a calendar: a scan date, a report range boundary.\n\n**When not to.** Don\'t use it for a date and time the user never chooses (show it as text), or for relative periods ("last 30 days"; use `Select`).\n\n**Accessibility.** Each date part is a spin button, so the date can be typed and adjusted with arrow keys; the calendar is an optional popover. The label names the whole group.';

const meta = {
  title: "Components/Forms/DatePicker",
  id: "forms-datepicker",
  component: DatePicker,
  args: { label: "Scan date", onChange: fn() },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof DatePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { args: { defaultValue: parseDate("2026-11-21") } };

export const States: Story = {
  render: (args) => (
    <Stack space="xlarge" className={frameMaxWidth["24rem"]}>
      <DatePicker {...args} label="Empty" />
      <DatePicker
        {...args}
        label="With description"
        description="Scans start at 02:00 on this day."
        defaultValue={parseDate("2026-03-04")}
      />
      <DatePicker {...args} label="Required" isRequired />
      <DatePicker
        {...args}
        label="Invalid"
        defaultValue={parseDate("2020-01-01")}
        isInvalid
        errorMessage="The date must be in the future."
      />
      <DatePicker {...args} label="Disabled" isDisabled defaultValue={parseDate("2026-11-21")} />
    </Stack>
  ),
};

export const LongText: Story = {
  args: {
    label: "Date from which findings are included in the consolidated compliance report",
    description: "Findings closed before this date are summarised, not listed.",
    defaultValue: parseDate("2026-12-31"),
  },
  render: (args) => (
    <div className={frameWidth["14rem"]}>
      <DatePicker {...args} />
    </div>
  ),
};

export const ShowsMonthDayYear: Story = {
  args: { defaultValue: parseDate("2026-03-04") },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const segments = canvas.getAllByRole("spinbutton");
    // mm/dd/yy: month first, then day, then a two-digit year; a screen reader hears the full year.
    await expect(segments.map((s) => s.textContent)).toEqual(["03", "04", "26"]);
    await expect(segments[0]).toHaveAccessibleName(/month/i);
    await expect(segments[1]).toHaveAccessibleName(/day/i);
    await expect(segments[2]).toHaveAccessibleName(/year/i);
    await expect(segments[2]).toHaveAttribute("aria-valuetext", "2026");
    await expect(canvas.getByRole("group", { name: "Scan date" })).toHaveTextContent("03/04/26");
  },
};

export const TypesTwoDigitYear: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ args, canvasElement }) => {
    const month = within(canvasElement).getAllByRole("spinbutton")[0];
    if (!month) throw new Error("no month segment");
    await userEvent.click(month);
    await userEvent.keyboard("0709");
    await userEvent.keyboard("27");
    await userEvent.tab();
    await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith(new CalendarDate(2027, 7, 9)));
  },
};

export const PicksFromCalendar: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  args: { defaultValue: parseDate("2026-11-21") },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole("button", { name: /Calendar/ }));

    const dialog = await body.findByRole("dialog");
    const grid = within(dialog).getByRole("grid", { name: /November 2026/ });
    // Weeks start on Sunday: the header runs S M T W T F S and November 1, 2026 (a Sunday) opens the first row.
    const weekdays = Array.from(grid.querySelectorAll("thead th"), (th) => th.textContent);
    await expect(weekdays).toEqual(["S", "M", "T", "W", "T", "F", "S"]);
    const firstRow = within(grid).getAllByRole("row")[0];
    if (!firstRow) throw new Error("calendar has no rows");
    await expect(within(firstRow).getAllByRole("gridcell", { hidden: true })[0]).toHaveTextContent(/^1$/);

    await userEvent.click(within(grid).getByRole("button", { name: /November 15, 2026/ }));
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument());
    await expect(args.onChange).toHaveBeenLastCalledWith(new CalendarDate(2026, 11, 15));
    await expect(canvas.getByRole("group", { name: "Scan date" })).toHaveTextContent("11/15/26");
  },
};

export const KeyboardCalendar: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  args: { defaultValue: parseDate("2026-11-21") },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    canvas.getByRole("button", { name: /Calendar/ }).focus();
    await userEvent.keyboard("{Enter}");
    const dialog = await body.findByRole("dialog");
    await waitFor(() => expect(within(dialog).getByRole("button", { name: /November 21, 2026/ })).toHaveFocus());
    await userEvent.keyboard("{ArrowRight}{ArrowDown}{Enter}");
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument());
    await expect(args.onChange).toHaveBeenLastCalledWith(new CalendarDate(2026, 11, 29));
  },
};

/** Leaves the calendar open so the accessibility checks cover it in both themes. */
export const OpenCalendar: Story = {
  args: { defaultValue: parseDate("2026-11-21"), minValue: parseDate("2026-11-10") },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole("button", { name: /Calendar/ }));
    const dialog = await body.findByRole("dialog");
    const selected = within(dialog).getByRole("button", { name: /November 21, 2026/ });
    await expect(selected.closest('[role="gridcell"]')).toHaveAttribute("aria-selected", "true");
    // Days before minValue can't be picked.
    await expect(within(dialog).getByRole("button", { name: /November 9, 2026/ })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  },
};
