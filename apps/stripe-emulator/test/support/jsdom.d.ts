/// <reference lib="dom" />
// jsdom ships no types of its own; the page tests need only this much of it.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string })
    readonly window: Window & typeof globalThis
  }
}
