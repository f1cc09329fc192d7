import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: the page's root is web/, the tests live in tests/web/.
export default defineConfig({
  test: {
    include: ['tests/web/**/*.test.ts'],
    environment: 'node',
    // Every core: Vitest leaves one free by default, which on a two-core
    // machine runs the files one at a time (41 s against 26 s with two,
    // the same CPU time).
    maxWorkers: availableParallelism(),
  },
});
