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
      // Route definitions load with every page, the landing page included: each loader (and the queries it
      // imports) is a chunk of its own, fetched when its route is first opened or a link to it is hovered. The
      // landing page's loader stays with the definitions: a chunk of its own would hold up its first data.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (routeId === "/" ? [["component"], ["errorComponent"]] : undefined),
        defaultBehavior: [
          ["loader"],
          ["component"],
          ["pendingComponent"],
          ["errorComponent"],
          ["notFoundComponent"],
        ],
      },
    }),
    react(),
  ],
  // The CSV writer (src/shared/csv.ts) is shared with the server; in the browser it takes csv-stringify's
  // browser build, which brings its own Buffer.
  resolve: { alias: [{ find: /^csv-stringify\/sync$/, replacement: "csv-stringify/browser/esm/sync" }] },
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports preloads modules natively (Chrome 66, Firefox 115, Safari 17): the
    // polyfill was script every visitor downloaded for nothing.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Chakra's defineConfig returns its argument. Called across chunks, the bundler cannot tell, and keeps
      // @chakra-ui/react/theme's unused default config (every slot recipe Chakra has) in the landing page's
      // JavaScript as soon as a lazy page imports a recipe of its own (ui/theme.ts).
      treeshake: { manualPureFunctions: ["defineConfig"] },
      output: {
        // The libraries every page runs (React, the router, tRPC and its query cache, emotion) in one chunk:
        // left to automatic chunking they split into many small files along the route tree, each with its own
        // import preamble, and the landing page's JavaScript grows past its budget (docs/decisions/004).
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|@emotion|stylis|@tanstack|@trpc|superjson|copy-anything|is-what)[\\/]/,
            },
            // What every page runs besides the libraries: Chakra's styling engine and layout components, and the
            // app's session, tRPC client and small shared modules. Left to automatic chunking they split into a
            // dozen files of a few hundred bytes (each with its own import preamble) as soon as lazy pages share
            // them: 198.3 KB gzip on the landing page in 29 files, 194.6 KB in 11 with this group.
            {
              name: "core",
              test: new RegExp(
                [
                  String.raw`src/client/(trpc|freshness|adminSession|ui/(session|searchParams))\.ts$`,
                  String.raw`src/shared/(constants|links|analytics|planIds|errorCodes|documents)\.ts$`,
                  String.raw`node_modules/@chakra-ui/react/dist/esm/(styled-system|utils)/`,
                  String.raw`node_modules/@chakra-ui/react/dist/esm/(anatomy|create-context|merge-[a-z-]+)\.js$`,
                  String.raw`node_modules/@chakra-ui/react/dist/esm/components/(box|flex|grid|simple-grid|stack|center|square|circle|absolute-center|span|text|icon|icon-button|button|spinner|loader|skeleton|card)/`,
                ]
                  .join("|")
                  .replaceAll("/", String.raw`[\\/]`),
              ),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": apiTarget,
      "/trpc": apiTarget,
      "/uploads": apiTarget,
    },
  },
});
