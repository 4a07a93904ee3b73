// The web app's build: Preact with Vite, one entry, hashed assets under /assets/.
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [preact()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false },
});
