import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: the page's root is web/, the tests live in tests/web/.
export default defineConfig({
  test: {
    include: ['tests/web/**/*.test.ts'],
    environment: 'node',
  },
});
