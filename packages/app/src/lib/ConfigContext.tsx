import { createContext, type ReactNode, useContext } from "react";
import { type AppConfig, getConfig } from "../config/env.ts";

const ConfigContext = createContext<AppConfig | null>(null);

/** Stories override settings (bot-check key, static mode) without touching the app's config. */
export function ConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

export function useConfig(): AppConfig {
  return useContext(ConfigContext) ?? getConfig();
}

/** Static mode as the running build sees it: a build without msw can never be in static mode. */
export function useStaticMode(): boolean {
  const config = useConfig();
  return import.meta.env.VITE_STATIC_MODE !== "false" && config.staticMode;
}
