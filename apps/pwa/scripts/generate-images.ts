// Writes public/images/{timetable,venue-map}-{ja,en}.svg from the content files (tooling/images.ts).
// Run it after editing locales/<lang>/timetable.json or venue-map.json; a test checks the images are current.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { imageFiles } from '../tooling/image-files.ts'

const publicDir = join(import.meta.dirname, '../public')
for (const { path, svg } of imageFiles()) {
  writeFileSync(join(publicDir, path), svg)
  console.log(`wrote public/${path}`)
}
