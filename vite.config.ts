// Builds the React client into dist/client; in development it proxies API calls to the server.
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "3001"}`;

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: "react",
      routesDirectory: "./src/client/routes",
      generatedRouteTree: "./src/client/routeTree.gen.ts",
      autoCodeSplitting: true,
    }),
    react(),
  ],
  build: { outDir: "dist/client", emptyOutDir: true, sourcemap: false },
  server: {
    proxy: {
      "/api": apiTarget,
      "/trpc": apiTarget,
      "/uploads": apiTarget,
    },
  },
});
