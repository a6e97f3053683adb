import type { ExposureDetectionConfiguration } from "@sentinel/api-client";
import { Modal } from "@sentinel/ui";
import { NewTargetForm } from "../../../shared/scans/NewTargetForm.tsx";
import { useCreateExposureConfigs, useExposureDomainChoices } from "../api/exposure.ts";

export interface NewConfigurationDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** Called with the configurations the API created, one per domain. */
  onCreated?: (configs: ExposureDetectionConfiguration[]) => void;
}

/**
 * Makes exposure detection configurations of domains (designed `createExposureDetectionConfiguration`):
 * the domains and when their first scan is due. The screen loads this module when the dialog first
 * opens (LazyOverlay). A failed save keeps the choices and shows the API's words.
 */
export function NewConfigurationDialog({ isOpen, onClose, onCreated }: NewConfigurationDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
    >
      {isOpen ? <NewConfigurationForm onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function NewConfigurationForm({ onClose, onCreated }: Omit<NewConfigurationDialogProps, "isOpen">) {
  const domains = useExposureDomainChoices();
  const mutation = useCreateExposureConfigs();
  return (
    <NewTargetForm
      title="New exposure detection configuration"
      submitLabel="Create configuration"
      pendingLabel="Creating the configuration"
      choices={{
        isPending: domains.isPending,
        error: domains.error,
        refetch: domains.refetch,
        items: domains.choices.map((asset) => ({
          id: asset.id,
          label: `${asset.target.name} · ${asset.product.name}`,
        })),
      }}
      choicesNoun="your domains"
      noChoices="Every domain you have is configured. Add a domain on the Assets page, then come back."
      choicesLabel="Domains"
      choicesDescription="Each domain becomes a configuration of its own; a scan of one costs 10 credits."
      nothingChosen="Choose at least one domain."
      failure="The configuration was not created"
      timeNote="The first scan is due at 09:00, your time. Nothing is charged until a scan runs."
      isSaving={mutation.isPending}
      onSave={async (body) => {
        const created = await mutation.mutateAsync({ body });
        if (created) onCreated?.(created);
      }}
      onClose={onClose}
    />
  );
}
