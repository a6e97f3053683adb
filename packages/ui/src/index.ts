export { DialogTrigger, MenuTrigger } from "react-aria-components";
export { ActionsMenu, type ActionsMenuItem, type ActionsMenuProps } from "./components/ActionsMenu/ActionsMenu.tsx";
// Badges
export type { BadgeProps } from "./components/Badge/Badge.tsx";
export { Badge } from "./components/Badge/Badge.tsx";
export { type BreadcrumbItem, Breadcrumbs, type BreadcrumbsProps } from "./components/Breadcrumbs/Breadcrumbs.tsx";
// Actions, navigation and overlays
export { Button, type ButtonProps } from "./components/Button/Button.tsx";
// Layout and feedback
export type { CardProps } from "./components/Card/Card.tsx";
export { Card } from "./components/Card/Card.tsx";
export {
  Checkbox,
  CheckboxGroup,
  type CheckboxGroupProps,
  type CheckboxProps,
} from "./components/Checkbox/Checkbox.tsx";
export { ComboBox, type ComboBoxOption, type ComboBoxProps } from "./components/ComboBox/ComboBox.tsx";
export { DatePicker, type DatePickerProps } from "./components/DatePicker/DatePicker.tsx";
export type { DescriptionListItem, DescriptionListProps } from "./components/DescriptionList/DescriptionList.tsx";
export { DescriptionList } from "./components/DescriptionList/DescriptionList.tsx";
export { Dialog, type DialogProps, Modal, type ModalProps } from "./components/Dialog/Dialog.tsx";
export { Drawer, type DrawerProps } from "./components/Drawer/Drawer.tsx";
// Feedback
export type { EmptyStateProps } from "./components/EmptyState/EmptyState.tsx";
export { EmptyState } from "./components/EmptyState/EmptyState.tsx";
export type { ErrorStateProps } from "./components/ErrorState/ErrorState.tsx";
export { ErrorState } from "./components/ErrorState/ErrorState.tsx";
export type { FieldBaseProps } from "./components/Field/Field.tsx";
export {
  FieldDescription,
  type FieldDescriptionProps,
  FieldError,
  type FieldErrorProps,
  Label,
  type LabelProps,
} from "./components/Field/Field.tsx";
export type { FieldOption } from "./components/Field/FieldPopover.tsx";
export { FileDropZone, type FileDropZoneProps } from "./components/FileDropZone/FileDropZone.tsx";
export { Heading, type HeadingLevel, type HeadingProps } from "./components/Heading/Heading.tsx";
export { IconButton, type IconButtonProps } from "./components/IconButton/IconButton.tsx";
export { Inline, type InlineProps } from "./components/Inline/Inline.tsx";
export { Link, type LinkProps } from "./components/Link/Link.tsx";
export { Menu, MenuItem, type MenuItemProps, type MenuProps, MenuSeparator } from "./components/Menu/Menu.tsx";
export { MenuButton, type MenuButtonItem, type MenuButtonProps } from "./components/MenuButton/MenuButton.tsx";
export {
  NavigationProvider,
  type NavigationProviderProps,
} from "./components/NavigationProvider/NavigationProvider.tsx";
export { NumberField, type NumberFieldProps } from "./components/NumberField/NumberField.tsx";
export { OneTimeCodeField, type OneTimeCodeFieldProps } from "./components/OneTimeCodeField/OneTimeCodeField.tsx";
// Data display and app frame
export { Pagination, type PaginationProps } from "./components/Pagination/Pagination.tsx";
export { PasswordField, type PasswordFieldProps } from "./components/PasswordField/PasswordField.tsx";
export { Popover, type PopoverProps } from "./components/Popover/Popover.tsx";
export type { ProgressBarProps } from "./components/ProgressBar/ProgressBar.tsx";
export { ProgressBar } from "./components/ProgressBar/ProgressBar.tsx";
export { Radio, RadioGroup, type RadioGroupProps, type RadioProps } from "./components/RadioGroup/RadioGroup.tsx";
export type { RoleBadgeProps } from "./components/RoleBadge/RoleBadge.tsx";
export { RoleBadge } from "./components/RoleBadge/RoleBadge.tsx";
export { SearchField, type SearchFieldProps, searchMaxLength } from "./components/SearchField/SearchField.tsx";
export { Select, type SelectOption, type SelectProps } from "./components/Select/Select.tsx";
export type { SeverityBadgeProps } from "./components/SeverityBadge/SeverityBadge.tsx";
export { SeverityBadge } from "./components/SeverityBadge/SeverityBadge.tsx";
export { isNavItemActive } from "./components/Sidebar/isNavItemActive.ts";
export { Sidebar, type SidebarItem, type SidebarProps, type SidebarSection } from "./components/Sidebar/Sidebar.tsx";
export { SidebarDrawer, type SidebarDrawerProps } from "./components/Sidebar/SidebarDrawer.tsx";
export type { SkeletonProps } from "./components/Skeleton/Skeleton.tsx";
export { Skeleton } from "./components/Skeleton/Skeleton.tsx";
export { SortIcon, type SortIconProps } from "./components/SortIcon/SortIcon.tsx";
export { Spinner } from "./components/Spinner/Spinner.tsx";
export { type Space, Stack, type StackProps } from "./components/Stack/Stack.tsx";
export type { StatCardProps } from "./components/StatCard/StatCard.tsx";
export { StatCard } from "./components/StatCard/StatCard.tsx";
export type { StatusBadgeProps } from "./components/StatusBadge/StatusBadge.tsx";
export { describeStatus, StatusBadge } from "./components/StatusBadge/StatusBadge.tsx";
export { Switch, type SwitchProps } from "./components/Switch/Switch.tsx";
export type { TabListProps, TabPanelProps, TabProps, TabsProps } from "./components/Tabs/Tabs.tsx";
export { Tab, TabList, TabPanel, Tabs } from "./components/Tabs/Tabs.tsx";
export { TextArea, type TextAreaProps } from "./components/TextArea/TextArea.tsx";
export { TextField, type TextFieldProps } from "./components/TextField/TextField.tsx";
export {
  type ThemeContextValue,
  ThemeProvider,
  type ThemeProviderProps,
  useTheme,
} from "./components/ThemeProvider/ThemeProvider.tsx";
export {
  createThemeStore,
  defaultThemeStorageKey,
  type Theme,
  type ThemeMode,
  type ThemeSnapshot,
  type ThemeStorage,
  type ThemeStore,
  type ThemeStoreOptions,
} from "./components/ThemeProvider/themeStore.ts";
export { ThemeToggle, type ThemeToggleProps } from "./components/ThemeToggle/ThemeToggle.tsx";
export type { TimelineEntry, TimelineItem, TimelineProps } from "./components/Timeline/Timeline.tsx";
export { Timeline } from "./components/Timeline/Timeline.tsx";
export { ToastRegion } from "./components/Toast/Toast.tsx";
export {
  createToastQueue,
  type ToastAction,
  type ToastContent,
  type ToastQueue,
  toastQueue,
} from "./components/Toast/toastQueue.ts";
export { Tooltip, type TooltipProps, TooltipTrigger } from "./components/Tooltip/Tooltip.tsx";
export { TopBar, type TopBarProps } from "./components/TopBar/TopBar.tsx";
export { UntrustedText, type UntrustedTextProps } from "./components/UntrustedText/UntrustedText.tsx";
export { UserMenu, type UserMenuProps } from "./components/UserMenu/UserMenu.tsx";
// Formatters
export { hasBidiControls, revealBidiControls, stripBidiControls } from "./format/bidi.ts";
export type { DateFormatOptions, DateInput } from "./format/date.ts";
export { formatDate, formatDateTime, formatRelativeDuration } from "./format/date.ts";
export type { NumericInput } from "./format/number.ts";
export {
  formatBalance,
  formatCompactNumber,
  formatCredits,
  formatMoney,
  formatNumber,
  formatPercent,
  formatSignedCredits,
} from "./format/number.ts";
export { rowNumber } from "./format/rowNumber.ts";
// Tokens
export {
  narrowMaxWidth,
  narrowQuery,
  reducedMotionQuery,
  sidebarExpandedMinWidth,
  sidebarExpandedQuery,
  vars,
} from "./tokens/contract.css.ts";
export { darkClassName, darkTheme } from "./tokens/darkTheme.css.ts";
export type {
  ConfigurationStatus,
  FindingStatus,
  PaymentStatus,
  RepositoryScanStatus,
  Role,
  RoleAlias,
  ScanStatus,
  Severity,
  StatusKind,
  StatusOf,
  TicketStatus,
  ToneTable,
} from "./tokens/domain.ts";
export {
  configurationStatusTones,
  findingStatuses,
  findingStatusTones,
  paymentStatusTones,
  repositoryScanStatusTones,
  roleAliases,
  roleTones,
  scanStatusTones,
  severities,
  severityTones,
  statusTones,
  ticketStatusTones,
  toneTableLabels,
  toneTableValues,
} from "./tokens/domain.ts";
export { lightTheme } from "./tokens/lightTheme.css.ts";
export type { Sprinkles } from "./tokens/sprinkles.css.ts";
export { sprinkles } from "./tokens/sprinkles.css.ts";
export type { Tone } from "./tokens/tones.ts";
export { tones } from "./tokens/tones.ts";
