import { ConfigError, loadConfig } from "./config.ts";
import { startServer } from "./server.ts";

try {
  const config = loadConfig(process.env, process.argv.slice(2));
  const running = await startServer(config);
  if (running.url) {
    console.info(
      `Sentinel is running at ${running.url}${config.staticDir ? "" : " (API only)"}${config.roles.worker ? "" : " without job workers"}. Demo accounts (password "demo") are listed in the README.`,
    );
  } else if (config.roles.worker) {
    console.info("Sentinel's job workers are running (no API in this process).");
  }
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    // A second signal while draining (an impatient operator) ends the process at once.
    if (stopping) process.exit(1);
    stopping = true;
    console.info(`${signal}: draining (up to ${config.shutdownTimeoutSeconds} s for requests, then for jobs).`);
    try {
      await running.stop();
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
    console.info("Sentinel stopped.");
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
