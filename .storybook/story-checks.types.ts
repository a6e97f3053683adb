export interface StoryChecksContext {
  id: string;
  canvasElement: HTMLElement;
  parameters: {
    a11y?: {
      disable?: boolean;
      test?: "off" | "todo" | "error";
      config?: { rules?: { id: string; enabled: boolean }[] };
      options?: Record<string, unknown>;
    };
    /**
     * `false` (with a comment saying why) skips screenshot comparison; `"page"` shoots the whole page
     * instead of the story root, for overlays such as toasts that render outside it.
     */
    visual?: boolean | "page";
  };
  viewMode: string;
}
