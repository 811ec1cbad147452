// Entry point of the KnowBefore web client: query cache, tRPC, Chakra UI and the router, mounted on #root.
// Query defaults (no retry, no refetch on focus, never stale) live with the client in trpc.ts.
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { router } from "./router";
import { queryClient, trpc, trpcClient } from "./trpc";
import { UiProvider } from "./ui/provider";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html is missing the #root element");

createRoot(rootElement).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <UiProvider>
          <RouterProvider router={router} />
        </UiProvider>
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
