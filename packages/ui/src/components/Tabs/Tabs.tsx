import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  composeRenderProps,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from "react-aria-components";
import * as styles from "./Tabs.css.ts";

const merge = (base: string) => (prev: string | undefined) => [base, prev].filter(Boolean).join(" ");

/** Tabs; give `Tab`s an `href` to make each tab a route (then `selectedKey` follows the URL). */
export function Tabs({ className, ...props }: TabsProps) {
  return <AriaTabs {...props} className={composeRenderProps(className, merge(styles.tabs))} />;
}

export function TabList<T extends object>({ className, ...props }: TabListProps<T>) {
  return <AriaTabList {...props} className={composeRenderProps(className, merge(styles.tabList))} />;
}

export function Tab({ className, ...props }: TabProps) {
  return <AriaTab {...props} className={composeRenderProps(className, merge(styles.tab))} />;
}

export function TabPanel({ className, ...props }: TabPanelProps) {
  return <AriaTabPanel {...props} className={composeRenderProps(className, merge(styles.panel))} />;
}

export type { TabListProps, TabPanelProps, TabProps, TabsProps };
