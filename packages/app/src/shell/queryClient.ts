import { QueryClient } from "@tanstack/react-query";

/** The signed-in app's query defaults. */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change on retry; one retry smooths over a flaky network.
        retry: (failureCount, error) => {
          const status = (error as { status?: number }).status ?? 0;
          return failureCount < 1 && (status === 0 || status >= 500);
        },
        refetchOnWindowFocus: false,
      },
    },
  });
}
