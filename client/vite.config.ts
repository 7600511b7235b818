import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const api = process.env.TEMBEA_API ?? 'http://localhost:4000';

export default defineConfig({
  plugins: [react()],
  // No source maps in the build: served next to the bundle they would hand every visitor the
  // original sources. The dev server keeps its own maps for debugging.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    port: 5173,
    proxy: { '/graphql': api, '/api': api, '/uploads': api, '/health': api, '/sitemap.xml': api },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
});
