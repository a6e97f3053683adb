import { Button, Menu, MenuItem, MenuTrigger, Popover } from "@sentinel/ui";
import { Check, ChevronDown } from "lucide-react";
import { useState } from "react";
import type { Selection } from "react-aria-components";
import { sameMembers } from "../sameMembers.ts";
import * as styles from "./findings.css.ts";

export interface FilterOption<K extends string> {
  id: K;
  label: string;
}

export interface MultiSelectFilterProps<K extends string> {
  /** What is filtered, e.g. "Severity"; the trigger reads "Severity: High, Low" or "Severity: All". */
  label: string;
  options: readonly FilterOption<K>[];
  /** The chosen values; none means no filter ("All"). */
  value: readonly K[];
  onChange: (value: K[]) => void;
  /** Keeps at least one option chosen (the column chooser). @default false */
  disallowEmpty?: boolean;
  /** What the trigger says with nothing chosen. @default "All" */
  allLabel?: string;
  /** A choice the trigger names by `defaultLabel` rather than listing it (the column chooser's default set). */
  defaultValue?: readonly K[];
  /** @default "Default" */
  defaultLabel?: string;
}

/** The trigger's summary: every choice while they fit, else a count. */
function summary<K extends string>(
  options: readonly FilterOption<K>[],
  value: readonly K[],
  allLabel: string,
  byDefault?: { value: readonly K[]; label: string },
) {
  const chosen = options.filter((option) => value.includes(option.id));
  if (chosen.length === 0 || chosen.length === options.length) return allLabel;
  if (
    byDefault &&
    sameMembers(
      chosen.map((option) => option.id),
      byDefault.value,
    )
  ) {
    return byDefault.label;
  }
  if (chosen.length <= 2) return chosen.map((option) => option.label).join(", ");
  return `${chosen.length} selected`;
}

/**
 * A compact multi-select: a button opening a menu of checkable items (react-aria's
 * `menuitemcheckbox`), which stays open while the user ticks several.
 */
export function MultiSelectFilter<K extends string>({
  label,
  options,
  value,
  onChange,
  disallowEmpty = false,
  allLabel = "All",
  defaultValue,
  defaultLabel = "Default",
}: MultiSelectFilterProps<K>) {
  // The menu works from its own copy of the choice: the owner's `value` (the URL, for /findings)
  // catches up a render later, and a second tick in between would otherwise be computed from the
  // stale value and undo the first. The copy follows `value` whenever the owner changes it.
  const valueKey = value.join(",");
  const [chosen, setChosen] = useState<readonly K[]>(value);
  const [seenKey, setSeenKey] = useState(valueKey);
  if (valueKey !== seenKey) {
    setSeenKey(valueKey);
    setChosen(value);
  }
  const onSelectionChange = (keys: Selection) => {
    const next = keys === "all" ? options.map((option) => option.id) : [...keys].map(String);
    const ordered = options.filter((option) => next.includes(option.id)).map((option) => option.id);
    setChosen(ordered);
    onChange(ordered);
  };
  return (
    <MenuTrigger>
      <Button variant="outline" icon={<ChevronDown size={16} aria-hidden="true" />}>
        {`${label}: ${summary(options, chosen, allLabel, defaultValue && { value: defaultValue, label: defaultLabel })}`}
      </Button>
      <Popover isDialog={false} placement="bottom start">
        <Menu
          aria-label={label}
          items={options}
          selectionMode="multiple"
          selectedKeys={new Set(chosen)}
          onSelectionChange={onSelectionChange}
          disallowEmptySelection={disallowEmpty}
        >
          {(option) => (
            <MenuItem id={option.id} textValue={option.label}>
              {({ isSelected }) => (
                <>
                  <span className={styles.check} aria-hidden="true">
                    {isSelected ? <Check size={14} /> : null}
                  </span>
                  {option.label}
                </>
              )}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
