import type { NetworkScan } from "@sentinel/api-client";
import { ImportReportDialog } from "../../../shared/scans/ImportReportDialog.tsx";
import { useImportNetworkReport } from "../api/network.ts";

/** What the server reads for a network configuration; the extension is a hint, the content decides. */
const REPORT_TYPES = [".xml", ".nessus", ".txt"];

export interface NetworkImportDialogProps {
  configId: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The scan that reads the report, so the screen can show it. */
  onImported?: (scan: NetworkScan) => void;
}

/** Uploads an nmap, Greenbone/OpenVAS or Nessus report as a scan of a network configuration. */
export function NetworkImportDialog({ configId, isOpen, onOpenChange, onImported }: NetworkImportDialogProps) {
  const importing = useImportNetworkReport();
  return (
    <ImportReportDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      acceptedFileTypes={REPORT_TYPES}
      description="A report from nmap (XML), Greenbone or OpenVAS (XML), Nessus (.nessus), ssh-audit (its text output) or sslscan (XML) becomes a scan of this configuration. Only the configuration's own targets are taken from it. Importing costs no credits."
      onUpload={(file) => importing.upload(configId, file)}
      importedMessage="Report imported: its progress shows below"
      onImported={(scan) => {
        if (scan) onImported?.(scan);
      }}
    />
  );
}
