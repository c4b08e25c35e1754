// Imported first by the entry (src/main.tsx), so it runs before any module that makes a Zod schema: see
// packages/ui/src/zod-config.ts.
import { parseWithoutEval } from '@furfes/ui/zod-config'

parseWithoutEval()
