import { Select, Switch } from "@sentinel/ui";

const anyone = "any";

const assigneeChoices = [
  { id: anyone, label: "Anyone" },
  { id: "me", label: "Assigned to me" },
  { id: "unassigned", label: "Unassigned" },
];

export interface OwnershipFiltersProps {
  /** The index's `assignee`: a user id, `unassigned` or `me`; undefined for anyone. */
  assignee: string | undefined;
  onAssigneeChange(assignee: string | undefined): void;
  overdue: boolean;
  onOverdueChange(overdue: boolean): void;
}

/**
 * The /findings filters by owner and due date (issue 28). A shared link may name one person by id;
 * that choice stays listed, so the field says what the list is filtered by.
 */
export function OwnershipFilters({ assignee, onAssigneeChange, overdue, onOverdueChange }: OwnershipFiltersProps) {
  const items =
    assignee === undefined || assigneeChoices.some((c) => c.id === assignee)
      ? assigneeChoices
      : [...assigneeChoices, { id: assignee, label: `User #${assignee}` }];
  return (
    <>
      <Select
        label="Assignee"
        items={items}
        value={assignee ?? anyone}
        onChange={(key) => onAssigneeChange(key === anyone || key === null ? undefined : String(key))}
      />
      <Switch isSelected={overdue} onChange={onOverdueChange}>
        Overdue only
      </Switch>
    </>
  );
}
