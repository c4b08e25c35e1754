import { chromium } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { chromiumArgs, chromiumPath } from './stack.ts'
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
const page = await browser.newPage()
const urls: string[] = []
page.on('response', (r) => { if (r.request().resourceType() === 'script') urls.push(new URL(r.url()).pathname) })
await page.goto(process.argv[2]!)
await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' })
await page.waitForLoadState('networkidle')
let total = 0
for (const u of urls) { const gz = gzipSync(readFileSync('/work/main/apps/pwa/dist' + u), { level: 9 }).length; total += gz; console.log(gz, u) }
console.log('total', (total / 1024).toFixed(2))
await browser.close()
