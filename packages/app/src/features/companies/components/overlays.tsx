import { type ComponentProps, lazy } from "react";
import { LazyOverlay } from "../../../lib/LazyOverlay.tsx";

// The company and member forms load when first opened.
const LazyCompanyFormDialog = lazy(async () => ({
  default: (await import("./CompanyFormDialog.tsx")).CompanyFormDialog,
}));
const LazyMemberFormDialog = lazy(async () => ({ default: (await import("./MemberFormDialog.tsx")).MemberFormDialog }));
const LazyMemberActionDialog = lazy(async () => ({
  default: (await import("./MemberActionDialog.tsx")).MemberActionDialog,
}));

export function CompanyFormDialog(props: ComponentProps<typeof LazyCompanyFormDialog>) {
  return (
    <LazyOverlay isOpen={props.isOpen}>
      <LazyCompanyFormDialog {...props} />
    </LazyOverlay>
  );
}

export function MemberFormDialog(props: ComponentProps<typeof LazyMemberFormDialog>) {
  return (
    <LazyOverlay isOpen={props.isOpen}>
      <LazyMemberFormDialog {...props} />
    </LazyOverlay>
  );
}

export function MemberActionDialog(props: ComponentProps<typeof LazyMemberActionDialog>) {
  return (
    <LazyOverlay isOpen={props.isOpen}>
      <LazyMemberActionDialog {...props} />
    </LazyOverlay>
  );
}

// The scan scope dialogs (issue 29) load when a super admin first presses Add range or Remove.
const LazyAddScanRangeDialog = lazy(async () => ({
  default: (await import("./ScanScopeDialogs.tsx")).AddScanRangeDialog,
}));
const LazyRemoveScanRangeDialog = lazy(async () => ({
  default: (await import("./ScanScopeDialogs.tsx")).RemoveScanRangeDialog,
}));

export function AddScanRangeDialog(props: ComponentProps<typeof LazyAddScanRangeDialog>) {
  return (
    <LazyOverlay isOpen={props.isOpen}>
      <LazyAddScanRangeDialog {...props} />
    </LazyOverlay>
  );
}

export function RemoveScanRangeDialog(props: ComponentProps<typeof LazyRemoveScanRangeDialog>) {
  return (
    <LazyOverlay isOpen={props.isOpen}>
      <LazyRemoveScanRangeDialog {...props} />
    </LazyOverlay>
  );
}
