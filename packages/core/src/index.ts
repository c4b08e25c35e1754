export * from './domain/feature-flags.ts'
export * from './domain/registration-tier.ts'
export * from './domain/theme.ts'
