import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // .br and .gz siblings of every text asset, served by the local service by Accept-Encoding
    // (serveStatic's `precompressed`): compressed once at build time, at the best ratio, never per request.
    // Every file, however small: under 1 KB the page's small chunks were sent as they are, about twice
    // their brotli size (issue 29, item 10: about 4 KB of /chat's first load).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 0, logLevel: 'silent' }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Everything the entry imports statically (React, the router, React Query, the stores, the shell)
    // in one chunk: every page loads all of it first anyway, and split into 15 files (the automatic
    // chunking's, for the lazy chunks that share them) it was 8.5 KB more brotli, each small file
    // compressed on its own (issue 29, item 10).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            // CodeMirror's core with the grammars' LR runtime: every editor shown with a grammar
            // (code's prompt, the function definitions) loads both, as one file.
            {
              name: 'codemirror',
              test: /node_modules[\\/](@codemirror[\\/](view|state|language|commands)|@lezer[\\/](common|highlight|lr)|style-mod|w3c-keyname|@marijn)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
