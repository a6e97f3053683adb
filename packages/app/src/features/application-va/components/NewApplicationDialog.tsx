import type { WebApplication } from "@sentinel/api-client";
import { Modal } from "@sentinel/ui";
import { NewTargetForm } from "../../../shared/scans/NewTargetForm.tsx";
import { useCreateWebApplications, useWebAssetChoices } from "../api/applications.ts";

export interface NewApplicationDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** Called with the applications the API added. */
  onCreated?: (apps: WebApplication[]) => void;
}

/**
 * Adds web application assets to the scanned applications (designed `createWebApplications`), with
 * the first scan's schedule. Loaded when first opened (see overlays.tsx). A failed save keeps the
 * choices and shows the API's words.
 */
export function NewApplicationDialog({ isOpen, onClose, onCreated }: NewApplicationDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
    >
      {isOpen ? <NewApplicationForm onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function NewApplicationForm({ onClose, onCreated }: Omit<NewApplicationDialogProps, "isOpen">) {
  const assets = useWebAssetChoices();
  const mutation = useCreateWebApplications();
  return (
    <NewTargetForm
      title="New web application"
      submitLabel="Add to scans"
      pendingLabel="Adding the applications"
      choices={{
        isPending: assets.isPending,
        error: assets.error,
        refetch: assets.refetch,
        // Assets already scanned are in the list; offering them again would only be refused.
        items: assets.data?.results
          .filter((asset) => !asset.registered)
          .map((asset) => ({
            id: asset.id,
            label: `${asset.application_name} · ${asset.url} · ${asset.product.name}`,
          })),
      }}
      choicesNoun="your web application assets"
      noChoices="Every web application asset is already scanned. Add an application's URL on the Assets page, then come back."
      choicesLabel="Applications"
      choicesDescription="Choose applications of one product. Each is scanned at its URL."
      nothingChosen="Choose at least one application."
      failure="The applications were not added"
      timeNote="The scan starts at 09:00, your time. Nothing is charged until it runs."
      isSaving={mutation.isPending}
      onSave={async (body) => {
        const created = await mutation.mutateAsync({ body });
        if (created) onCreated?.(created.results);
      }}
      onClose={onClose}
    />
  );
}
