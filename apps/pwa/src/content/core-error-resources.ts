// A module of its own so that core's error catalogue becomes a chunk a page loads when it has a failure to show
// (docs/decisions/195-member-client-pages-by-plain-fetch.md).
export { coreErrorResources } from '@furfes/core'
