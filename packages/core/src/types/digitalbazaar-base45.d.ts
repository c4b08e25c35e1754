// The package ships plain JavaScript: its two functions as its README documents them.
declare module '@digitalbazaar/base45' {
  export function encode(input: Uint8Array): string
  export function decode(input: string): Uint8Array
}
