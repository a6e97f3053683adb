import { ConfigError, loadConfig } from "./config.ts";
import { startServer } from "./server.ts";

try {
  const config = loadConfig();
  const running = await startServer(config);
  if (running.url) {
    console.info(
      `Sentinel is running at ${running.url}${config.staticDir ? "" : " (API only)"}. Demo accounts (password "demo") are listed in the README.`,
    );
  }
  const stop = async () => {
    await running.stop();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
