import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { CLIENT_ROUTE_PATTERNS } from './src/web/app/route-patterns.js';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const apiTarget = 'http://localhost:3000';

/**
 * Public patient pages (request an appointment, portal, intake) are a second, lightweight entry
 * (patient.html: Preact, no router or query library) so they load far less JavaScript than the
 * staff app. The server sends patient.html for these paths; in `vite dev` this does the same.
 */
const PATIENT_PAGES = /^\/(request-appointment|portal|intake)(\/|\?|$)/;
const patientPagesInDev: Plugin = {
  name: 'switchboard:patient-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && PATIENT_PAGES.test(req.url)) req.url = '/patient.html';
      next();
    });
  },
};

/**
 * Writes `.br` and `.gz` beside every built script, stylesheet and SVG, so the server sends them
 * compressed without compressing on each request (@fastify/static `preCompressed`).
 */
const precompress: Plugin = {
  name: 'switchboard:precompress',
  apply: 'build',
  writeBundle(options, bundle) {
    for (const file of Object.keys(bundle)) {
      if (!/\.(js|css|svg)$/.test(file)) continue;
      const full = path.join(options.dir!, file);
      const body = fs.readFileSync(full);
      if (body.length < 1024) continue;
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(body, { level: 9 }));
      fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    }
  },
};

/**
 * Writes `client-routes.json`: the addresses the app's pages answer (src/web/app/route-patterns.ts),
 * so the server answers 404 for every other address while still sending the page.
 */
const clientRoutes: Plugin = {
  name: 'switchboard:client-routes',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'client-routes.json', source: `${JSON.stringify(CLIENT_ROUTE_PATTERNS)}\n` });
  },
};

// The web app (staff area + public pages) is one SPA under src/web.
// Every route module is loaded lazily by the router (src/web/app/router.tsx), so the
// initial chunk holds only React, the router, the query client and the route table.
export default defineConfig({
  root: fromRoot('./src/web'),
  publicDir: fromRoot('./src/web/public'),
  // The patient entry's modules use Preact (`@jsxImportSource preact`), so React's fast refresh stays out of them.
  plugins: [react({ exclude: [/\/node_modules\//, /\/src\/web\/patient\//] }), tailwindcss(), patientPagesInDev, precompress, clientRoutes],
  resolve: {
    alias: {
      '@web': fromRoot('./src/web'),
      '@domain': fromRoot('./src/domain'),
      '@contracts': fromRoot('./src/contracts'),
    },
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    // Maps are written for symbolicating reported errors but not referenced from the bundles.
    sourcemap: 'hidden',
    // .vite/manifest.json: which chunks each route module needs (used to measure the
    // JavaScript each page loads, and by the server for preload hints if it wants them).
    manifest: true,
    target: 'es2022',
    // The only chunk above 400 KB is @sentry/react, loaded on demand when a DSN is set.
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      input: { index: fromRoot('./src/web/index.html'), patient: fromRoot('./src/web/patient.html') },
      // No [PLUGIN_TIMINGS] advice block on a first start: on a busy small machine every plugin
      // looks slow, and the person starting the product can do nothing about it.
      checks: { bundlerTimings: false },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/telephony': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/telephony': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
});
