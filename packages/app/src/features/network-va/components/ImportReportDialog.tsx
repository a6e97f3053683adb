import type { NetworkScan } from "@sentinel/api-client";
import { Button, Dialog, FileDropZone, Inline, Modal, Stack, toastQueue } from "@sentinel/ui";
import { useRef, useState } from "react";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { useImportNetworkReport } from "../api/network.ts";
import * as styles from "./network.css.ts";

/** What the server reads for a network configuration; the extension is a hint, the content decides. */
const REPORT_TYPES = [".xml", ".nessus"];

export interface ImportReportDialogProps {
  configId: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The scan that reads the report, so the screen can show it. */
  onImported?: (scan: NetworkScan) => void;
}

/**
 * Uploads another tool's report (nmap XML, Greenbone/OpenVAS XML, Nessus) as a scan of the
 * configuration. The server says what a refused file is; the file stays chosen, so the user can
 * pick another or try again.
 */
export function ImportReportDialog({ configId, isOpen, onOpenChange, onImported }: ImportReportDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Dialog title="Import a report">
        <ImportForm configId={configId} onClose={() => onOpenChange(false)} onImported={onImported} />
      </Dialog>
    </Modal>
  );
}

function ImportForm({
  configId,
  onClose,
  onImported,
}: {
  configId: number;
  onClose: () => void;
  onImported?: (scan: NetworkScan) => void;
}) {
  const importing = useImportNetworkReport();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState("");
  const [error, setError] = useState("");
  const inFlight = useRef(false);

  async function submit() {
    const file = files[0];
    if (!file) {
      setFileError("Choose the report to import.");
      return;
    }
    if (inFlight.current) return;
    inFlight.current = true;
    setError("");
    try {
      const scan = await importing.upload(configId, file);
      toastQueue.add({ title: "Report imported: it is being read", tone: "positive" }, { timeout: 5_000 });
      if (scan) onImported?.(scan);
      onClose();
    } catch (caught) {
      const mapped = mapApiErrors(caught, ["file"], "The report was not imported");
      setFileError(mapped.fields.file ?? "");
      setError(mapped.form ?? "");
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <Stack space="large">
      <p>
        A report from nmap (XML), Greenbone or OpenVAS (XML) or Nessus (.nessus) becomes a scan of this configuration.
        Only the configuration's own targets are taken from it. Importing costs no credits.
      </p>
      <FileDropZone
        label="Report"
        files={files}
        onFilesChange={(next) => {
          setFiles(next);
          setFileError("");
        }}
        acceptedFileTypes={REPORT_TYPES}
        maxFiles={1}
        isRequired
        isInvalid={fileError !== ""}
        errorMessage={fileError}
      />
      {error ? (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      ) : null}
      <Inline space="small" align="end">
        <Button variant="ghost" onPress={onClose}>
          Cancel
        </Button>
        <Button onPress={() => void submit()} isPending={importing.isPending}>
          Import report
        </Button>
      </Inline>
    </Stack>
  );
}
