import { Button, Dialog, FileDropZone, Inline, Modal, Stack, toastQueue } from "@sentinel/ui";
import { type ReactNode, useRef, useState } from "react";
import { mapApiErrors } from "../../lib/formErrors.ts";
import { dialogFormError } from "../patterns/dialogForm.css.ts";

export interface ImportReportDialogProps<Result> {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Which tools' reports the target takes, and what importing does, in the area's words. */
  description: ReactNode;
  /** File name endings offered by the picker; a hint only, since the server reads the content. */
  acceptedFileTypes: string[];
  onUpload: (file: File) => Promise<Result>;
  /** Fields the area adds below the file (a repository's branch). */
  children?: ReactNode;
  /** The scan that reads the report, so the screen can show it. */
  onImported?: (result: Result) => void;
  /**
   * The toast once the report is taken: where the screen shows the scan reading it.
   * @default "Report imported: it is being read"
   */
  importedMessage?: string;
}

/**
 * Uploads another tool's report as a scan, in every scanning area. The server says what a refused file
 * is; the file stays chosen, so the user can pick another or try again.
 */
export function ImportReportDialog<Result>({ isOpen, onOpenChange, ...form }: ImportReportDialogProps<Result>) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Dialog title="Import a report">
        <ImportForm {...form} onClose={() => onOpenChange(false)} />
      </Dialog>
    </Modal>
  );
}

function ImportForm<Result>({
  description,
  acceptedFileTypes,
  onUpload,
  onImported,
  children,
  importedMessage = "Report imported: it is being read",
  onClose,
}: Omit<ImportReportDialogProps<Result>, "isOpen" | "onOpenChange"> & { onClose: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState("");
  const [error, setError] = useState("");
  const [isPending, setPending] = useState(false);
  const inFlight = useRef(false);

  async function submit() {
    const file = files[0];
    if (!file) {
      setFileError("Choose the report to import.");
      return;
    }
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setError("");
    try {
      const result = await onUpload(file);
      toastQueue.add({ title: importedMessage, tone: "positive" }, { timeout: 5_000 });
      onImported?.(result);
      onClose();
    } catch (caught) {
      const mapped = mapApiErrors(caught, ["file"], "The report was not imported");
      setFileError(mapped.fields.file ?? "");
      setError(mapped.form ?? "");
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  return (
    <Stack space="large">
      <p>{description}</p>
      <FileDropZone
        label="Report"
        files={files}
        onFilesChange={(next) => {
          setFiles(next);
          setFileError("");
        }}
        acceptedFileTypes={acceptedFileTypes}
        maxFiles={1}
        isRequired
        isInvalid={fileError !== ""}
        errorMessage={fileError}
      />
      {children}
      {error ? (
        <p role="alert" className={dialogFormError}>
          {error}
        </p>
      ) : null}
      <Inline space="small" align="end">
        <Button variant="ghost" onPress={onClose}>
          Cancel
        </Button>
        <Button onPress={() => void submit()} isPending={isPending}>
          Import report
        </Button>
      </Inline>
    </Stack>
  );
}
