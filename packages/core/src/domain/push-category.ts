/**
 * What a Web Push subscriber can ask to be told about (docs/decisions/176-push-notifications-and-change-alerts.md).
 * Apart from the contract's schemas, so the site's notification settings name them without loading zod.
 */
export const pushCategories = ['announcements', 'changes', 'reminders'] as const
export type PushCategory = (typeof pushCategories)[number]
