import { CircleAlert, FileText, Upload, X } from "lucide-react";
import { type ReactNode, useId, useRef, useState } from "react";
import { Button as AriaButton, type DropItem, DropZone, FileTrigger, Text } from "react-aria-components";
import { revealBidiControls } from "../../format/bidi.ts";
import { Button } from "../Button/Button.tsx";
import * as fieldStyles from "../Field/Field.css.ts";
import { cx } from "../Field/Field.tsx";
import { UntrustedText } from "../UntrustedText/UntrustedText.tsx";
import * as styles from "./FileDropZone.css.ts";
import { addFiles, describeRules, formatFileSize } from "./fileRules.ts";

export interface FileDropZoneProps {
  /** Visible label of the whole control. */
  label: ReactNode;
  /** Help text under the zone. */
  description?: ReactNode;
  /** An error from outside (e.g. "Attach the signed contract" on submit), shown with the file errors. */
  errorMessage?: ReactNode;
  /**
   * Whether to show `errorMessage` and mark the zone invalid.
   * @default false
   */
  isInvalid?: boolean;
  /**
   * Marks the label as required. Presence of files is the form's to check.
   * @default false
   */
  isRequired?: boolean;
  /**
   * Disables the drop zone and its file button.
   * @default false
   */
  isDisabled?: boolean;
  /** Allowed types: extensions (".pdf"), MIME types ("image/png") or wildcards ("image/*"). Empty allows all. */
  acceptedFileTypes?: readonly string[];
  /** Largest allowed file, in bytes. */
  maxSizeBytes?: number;
  /** Most files the list may hold. `1` makes the browse dialog single-select. */
  maxFiles?: number;
  /** The chosen files (controlled). */
  files?: readonly File[];
  /**
   * Initial files (uncontrolled).
   * @default []
   */
  defaultFiles?: readonly File[];
  /** Called with the whole new list after files are added or removed. Rejected files never reach it. */
  onFilesChange?: (files: File[]) => void;
  /**
   * Text of the button that opens the file dialog.
   * @default "Browse files"
   */
  browseLabel?: string;
  /**
   * Text inside the zone; also the accessible name of react-aria's keyboard/paste drop target.
   * @default "Drag files here or"
   */
  dropLabel?: string;
  /** Extra class on the root, for layout by the parent. */
  className?: string;
}

function ErrorLine({ children }: { children: ReactNode }) {
  return (
    <p className={fieldStyles.error}>
      <CircleAlert className={fieldStyles.fieldIcon} aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

const toFiles = async (items: DropItem[]) =>
  Promise.all(items.flatMap((item) => (item.kind === "file" ? [item.getFile()] : [])));

/**
 * Attach files by dragging, pasting (focus the zone, then paste) or the browse button.
 * Files that break a rule are not added; each gets a specific error (type, size, count),
 * announced through an alert region. Chosen files are listed with their size and a remove button.
 * The browser dialog's type filter is only a hint, so the same rules are checked again here.
 */
export function FileDropZone({
  label,
  description,
  errorMessage,
  isInvalid = false,
  isRequired = false,
  isDisabled = false,
  acceptedFileTypes,
  maxSizeBytes,
  maxFiles,
  files,
  defaultFiles = [],
  onFilesChange,
  browseLabel = "Browse files",
  dropLabel = "Drag files here or",
  className,
}: FileDropZoneProps) {
  const [uncontrolled, setUncontrolled] = useState<readonly File[]>(defaultFiles);
  const [errors, setErrors] = useState<string[]>([]);
  const browseRef = useRef<HTMLSpanElement>(null);
  const labelId = useId();
  const hintId = useId();
  const descriptionId = useId();
  const current = files ?? uncontrolled;
  const rules = { acceptedFileTypes, maxSizeBytes, maxFiles };
  const hint = describeRules(rules);

  function commit(next: File[]) {
    if (files === undefined) setUncontrolled(next);
    onFilesChange?.(next);
  }

  function add(incoming: File[]) {
    if (incoming.length === 0) return;
    const result = addFiles(current, incoming, rules);
    setErrors(result.errors);
    if (result.files.length !== current.length) commit(result.files);
  }

  function remove(index: number) {
    setErrors([]);
    commit(current.filter((_, i) => i !== index));
    // The removed row's button is gone; keep keyboard users in the control.
    browseRef.current?.querySelector("button")?.focus();
  }

  const showOuterError = isInvalid && errorMessage;
  const hasErrors = errors.length > 0 || Boolean(showOuterError);

  return (
    <fieldset className={cx(fieldStyles.field, styles.fieldset, className)}>
      <legend id={labelId} className={cx(fieldStyles.label, styles.legend)}>
        {label}
        {isRequired ? (
          <span className={fieldStyles.requiredMark} aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>
      <DropZone
        isDisabled={isDisabled}
        aria-labelledby={labelId}
        getDropOperation={() => (isDisabled ? "cancel" : "copy")}
        onDrop={async (event) => add(await toFiles(event.items))}
        className={styles.zone}
        data-invalid={hasErrors || undefined}
      >
        <Upload className={styles.zoneIcon} aria-hidden="true" />
        <Text slot="label" className={styles.zoneText}>
          {dropLabel}
        </Text>
        <FileTrigger
          acceptedFileTypes={acceptedFileTypes}
          allowsMultiple={maxFiles !== 1}
          onSelect={(list) => add(list ? Array.from(list) : [])}
        >
          <span ref={browseRef} className={styles.browse}>
            <Button
              variant="outline"
              size="small"
              isDisabled={isDisabled}
              aria-describedby={
                [hint ? hintId : "", description ? descriptionId : ""].filter(Boolean).join(" ") || undefined
              }
            >
              {browseLabel}
            </Button>
          </span>
        </FileTrigger>
        {hint ? (
          <span id={hintId} className={styles.hint}>
            {hint}
          </span>
        ) : null}
      </DropZone>
      {description ? (
        <span id={descriptionId} className={fieldStyles.description}>
          {description}
        </span>
      ) : null}
      {/* Always mounted: screen readers announce what is added to an existing alert region. */}
      <div role="alert" className={styles.errors}>
        {showOuterError ? <ErrorLine>{errorMessage}</ErrorLine> : null}
        {errors.map((message) => (
          <ErrorLine key={message}>{message}</ErrorLine>
        ))}
      </div>
      {current.length > 0 ? (
        <ul className={styles.fileList} aria-label="Attached files">
          {current.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className={styles.fileRow}>
              <FileText className={fieldStyles.fieldIcon} aria-hidden="true" />
              <span className={styles.fileText}>
                <span className={styles.fileName}>
                  <UntrustedText>{file.name}</UntrustedText>
                </span>
                <span className={styles.fileSize}>{formatFileSize(file.size)}</span>
              </span>
              <AriaButton
                aria-label={`Remove ${revealBidiControls(file.name)}`}
                isDisabled={isDisabled}
                onPress={() => remove(index)}
                className={cx(fieldStyles.fieldButton, styles.removeButton)}
              >
                <X className={fieldStyles.fieldIcon} aria-hidden="true" />
              </AriaButton>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
