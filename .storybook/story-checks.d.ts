// Resolved by the `#story-checks` alias in main.ts (vitest or no-op implementation).
declare module "#story-checks" {
  export function runStoryChecks(context: import("./story-checks.types.ts").StoryChecksContext): Promise<void>;
}
