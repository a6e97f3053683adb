import { NewTargetForm } from "../../../shared/scans/NewTargetForm.tsx";
import { useCreateNetworkConfig, useNetworkAssetChoices } from "../api/network.ts";
import type { NewConfigurationDialogProps } from "./NewConfigurationDialog.tsx";

// The dialog of NewConfigurationDialog.tsx, which loads it on demand (its date picker and selects
// are a large part of a page that only lists configurations).

/** Assets to scan and the schedule of the first scan; saved through createNetworkScanConfiguration. */
export function NewConfigurationForm({ onClose, onCreated }: Omit<NewConfigurationDialogProps, "isOpen">) {
  const assets = useNetworkAssetChoices();
  const mutation = useCreateNetworkConfig();
  return (
    <NewTargetForm
      title="New scan configuration"
      submitLabel="Create configuration"
      pendingLabel="Creating the configuration"
      choices={{
        isPending: assets.isPending,
        error: assets.error,
        refetch: assets.refetch,
        items: assets.data?.results.map((asset) => ({
          id: asset.id,
          label: `${asset.target} · ${asset.product.name}`,
        })),
      }}
      choicesNoun="your network assets"
      noChoices="You have no network assets yet. Add an address or a range on the Assets page, then come back."
      choicesLabel="Targets"
      choicesDescription="Each address is scanned as one endpoint; a range as one endpoint per address."
      nothingChosen="Choose at least one target."
      failure="The configuration was not created"
      timeNote="The scan starts at 09:00, your time. Nothing is charged until it runs."
      isSaving={mutation.isPending}
      onSave={async (body) => {
        const created = await mutation.mutateAsync({ body });
        if (created) onCreated?.(created);
      }}
      onClose={onClose}
    />
  );
}
