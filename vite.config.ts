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
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  build: { outDir: 'dist', sourcemap: true },
});
