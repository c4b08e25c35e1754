import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Runs the fixtures under the same guard as the real suite, to prove the guard works.
export default defineConfig({
  test: {
    include: ['**/*.fixture.ts'],
    setupFiles: [fileURLToPath(new URL('./fail-on-console-error.ts', import.meta.url))],
  },
})
