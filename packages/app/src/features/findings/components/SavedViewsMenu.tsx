import {
  Button,
  Dialog,
  Menu,
  MenuItem,
  MenuSeparator,
  MenuTrigger,
  Modal,
  Popover,
  TextField,
  UntrustedText,
} from "@sentinel/ui";
import { Bookmark, ChevronDown, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { paths } from "../../../config/paths.ts";
import { type SavedView, savedViewNameError, savedViewNameMaxLength } from "../savedViews.ts";
import * as styles from "./findings.css.ts";

export interface SavedViewsMenuProps {
  views: readonly SavedView[];
  /** The current view's canonical query (without "?"), what "Save current view…" stores. */
  currentQuery: string;
  onSave: (view: SavedView) => void;
  onDelete: (name: string) => void;
}

const hrefOf = (view: SavedView) => {
  const path = paths.findings.getHref();
  return view.query ? `${path}?${view.query}` : path;
};

function SaveViewDialog({
  views,
  onSave,
  close,
}: {
  views: readonly SavedView[];
  onSave: (name: string) => void;
  close: () => void;
}) {
  const formId = useId();
  const [name, setName] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const error = savedViewNameError(name, views);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (error) return;
    onSave(name);
    close();
  };
  return (
    <Dialog
      title="Save current view"
      actions={
        <>
          <Button variant="outline" onPress={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            Save view
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label="Name"
          description={`The filters, sort and columns you see now, under a name (at most ${savedViewNameMaxLength} characters).`}
          value={name}
          onChange={setName}
          isRequired
          // Errors show once the user tries to save, then follow every keystroke.
          isInvalid={submitted && error !== null}
          errorMessage={error ?? undefined}
        />
      </form>
    </Dialog>
  );
}

function DeleteViewsDialog({ views, onDelete }: { views: readonly SavedView[]; onDelete: (name: string) => void }) {
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  // The pressed button goes with its view; focus moves to the next view's button (or the message
  // that none are left) so it stays in the dialog, where Escape and Tab still work.
  const focusAfterDelete = useRef<number | null>(null);
  useLayoutEffect(() => {
    const index = focusAfterDelete.current;
    if (index === null) return;
    focusAfterDelete.current = null;
    const buttons = listRef.current?.querySelectorAll("button") ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? emptyRef.current)?.focus();
  });
  return (
    <Dialog title="Delete saved views">
      {views.length === 0 ? (
        <p ref={emptyRef} tabIndex={-1}>
          No saved views left.
        </p>
      ) : (
        <ul ref={listRef} className={styles.viewList} aria-label="Saved views">
          {views.map((view, index) => (
            <li key={view.name} className={styles.viewRow}>
              <UntrustedText>{view.name}</UntrustedText>
              <Button
                variant="ghost"
                size="small"
                icon={<Trash2 size={16} aria-hidden="true" />}
                aria-label={`Delete view ${view.name}`}
                onPress={() => {
                  focusAfterDelete.current = index;
                  onDelete(view.name);
                }}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/**
 * The "Views" menu: each saved view is a link to its /findings URL (so it opens in a new tab too),
 * then "Save current view…" and "Delete a view…", which open dialogs.
 */
export function SavedViewsMenu({ views, currentQuery, onSave, onDelete }: SavedViewsMenuProps) {
  const [isOpen, setOpen] = useState(false);
  // Kept while the modal closes, so its content does not change during the exit.
  const [dialog, setDialog] = useState<"save" | "delete">("save");
  const close = () => setOpen(false);
  return (
    <>
      <MenuTrigger>
        <Button
          variant="outline"
          icon={<Bookmark size={16} aria-hidden="true" />}
          aria-label={`Views, ${views.length} saved`}
        >
          Views
          <ChevronDown size={16} aria-hidden="true" />
        </Button>
        <Popover isDialog={false} placement="bottom end">
          <Menu
            aria-label="Views"
            onAction={(key) => {
              if (key === "save" || key === "delete") {
                setDialog(key);
                setOpen(true);
              }
            }}
            disabledKeys={views.length === 0 ? ["delete", "none"] : []}
          >
            {views.length === 0 ? <MenuItem id="none">No saved views yet</MenuItem> : null}
            {views.map((view) => (
              <MenuItem key={view.name} id={`view-${view.name}`} href={hrefOf(view)} textValue={view.name}>
                <UntrustedText>{view.name}</UntrustedText>
              </MenuItem>
            ))}
            <MenuSeparator />
            <MenuItem id="save" icon={<Plus size={16} />}>
              Save current view…
            </MenuItem>
            <MenuItem id="delete" icon={<Trash2 size={16} />}>
              Delete a view…
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      <Modal isOpen={isOpen} onOpenChange={setOpen} isDismissable>
        {dialog === "save" ? (
          <SaveViewDialog
            views={views}
            onSave={(name) => onSave({ name: name.trim(), query: currentQuery })}
            close={close}
          />
        ) : (
          <DeleteViewsDialog views={views} onDelete={onDelete} />
        )}
      </Modal>
    </>
  );
}
