export * from './domain/feature-flags.ts'
export * from './domain/registration-tier.ts'
