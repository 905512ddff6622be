import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API origin the dev server proxies /api to (same origin in production). */
const apiTarget = `http://localhost:${process.env.PORT || 3000}`;

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  preview: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
});
