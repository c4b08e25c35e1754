import { defineConfig } from 'drizzle-kit'

/** `pnpm db:generate` writes a new SQL migration into ./drizzle from the schema; commit it. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
})
