import { randomUUID } from 'node:crypto'
import { type Addon, type AddonPurchase, addonOnSale, type Edition, seededAddonProducts } from '@furfes/core'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { iso, oneOf } from '../db/columns.ts'
import { type Executor, queryRows, sqlState } from '../db/database.ts'
import { addonProducts, addonPurchases } from '../db/schema.ts'
import { highTraffic, notFound, productError } from '../http/errors.ts'
import {
  type AddonPaymentDeps,
  endAddonHolds,
  settleAddonRefunds,
  startAddonRefunds,
} from './addon-payments.ts'
import { type AuditActor, recordAudit } from './audit.ts'
import { retakeSpot } from './inventory.ts'
import { checkoutLocale } from './registration-checkout.ts'
import { checkoutHoldMs, type RegistrationDeps, rememberSessionToEnd } from './registration-context.ts'
import { currentRegistrationOf, liveRegistrationOf, registrationById } from './registration-queries.ts'
import type { Erasure } from './retention.ts'

/*
 * Add-on products (docs/decisions/178-add-on-products.md): the catalogue an edition is seeded with, what a member
 * sees of it, and buying one. Paying, expiring and refunding are addon-payments.ts; the places are counted by the
 * inventory (inventory.ts).
 */

export type AddonPurchaseRow = typeof addonPurchases.$inferSelect
type AddonProductRow = typeof addonProducts.$inferSelect

const uniqueViolation = '23505'

/**
 * Seeds an edition's add-ons (at start and when an edition becomes current, as its tiers are). A product seen for
 * the first time is written in full with no place taken (nothing can have bought it); afterwards the database is
 * the truth for its name, price and capacity, and only its sale window follows the edition's registration period.
 */
export async function seedAddonProducts(db: Executor, edition: Pick<Edition, 'id' | 'registration'>) {
  for (const product of seededAddonProducts(edition)) {
    const window = {
      saleOpensAt: new Date(product.saleOpensAt),
      saleClosesAt: new Date(product.saleClosesAt),
    }
    await db
      .insert(addonProducts)
      .values({
        editionId: edition.id,
        code: product.code,
        nameJa: product.name.ja,
        nameEn: product.name.en,
        priceJpy: product.priceJpy,
        capacity: product.capacity,
        ...window,
      })
      .onConflictDoUpdate({ target: [addonProducts.editionId, addonProducts.code], set: window })
  }
}

/** A purchase as the member and staff see it. */
export function toAddonPurchase(row: AddonPurchaseRow): AddonPurchase {
  return {
    purchaseId: row.purchaseId,
    status: row.status,
    amountJpy: row.amountJpy,
    purchasedAt: row.createdAt.getTime(),
    ...(row.paidAt ? { paidAt: row.paidAt.getTime() } : {}),
    ...(row.refundedAt ? { refundedAt: row.refundedAt.getTime() } : {}),
    ...(row.status === 'pending' && row.paymentUrl ? { paymentUrl: row.paymentUrl } : {}),
  }
}

/** The purchases of a registration, the ones holding a place first, then the newest. */
function purchasesOf(db: Executor, registrationId: string) {
  return db
    .select()
    .from(addonPurchases)
    .where(eq(addonPurchases.registrationId, registrationId))
    .orderBy(sql`${oneOf(addonPurchases.status, ['pending', 'paid'])} desc`, desc(addonPurchases.createdAt))
}

function toAddon(product: AddonProductRow, purchase: AddonPurchaseRow | undefined): Addon {
  return {
    code: product.code,
    name: { ja: product.nameJa, en: product.nameEn },
    priceJpy: product.priceJpy,
    capacity: product.capacity,
    remaining: Math.max(product.capacity - product.taken, 0),
    saleOpensAt: product.saleOpensAt.getTime(),
    saleClosesAt: product.saleClosesAt.getTime(),
    purchase: purchase ? toAddonPurchase(purchase) : null,
  }
}

/** The current edition's add-ons with the member's latest purchase of each. */
export async function listAddons(deps: RegistrationDeps, userId: string): Promise<Addon[]> {
  const editionId = (await deps.currentEdition.read()).id
  const products = await deps.db
    .select()
    .from(addonProducts)
    .where(eq(addonProducts.editionId, editionId))
    .orderBy(asc(addonProducts.code))
  const registration = await currentRegistrationOf(deps.db, userId, editionId)
  const purchases = registration ? await purchasesOf(deps.db, registration.registrationId) : []
  return products.map((product) =>
    toAddon(
      product,
      purchases.find((purchase) => purchase.productCode === product.code),
    ),
  )
}

export interface BuyAddonInput {
  userId: string
  email: string | undefined
  code: string
  successUrl: string
  cancelUrl: string
}

/**
 * Buys one add-on for the member's paid registration of the current edition: takes a place and records the
 * purchase in one transaction (none free: 409 addonSoldOut; the unique index allows one holding purchase per
 * registration and product, so a second request at the same moment takes nothing), then opens its own checkout
 * session. A request while the checkout is open answers that checkout again, so a double submit pays once.
 */
export async function buyAddon(
  deps: RegistrationDeps,
  input: BuyAddonInput,
): Promise<{ paymentUrl: string }> {
  const { db, clock, gateway, logger } = deps
  const edition = await deps.currentEdition.read()
  const now = clock()
  const [product] = await db
    .select()
    .from(addonProducts)
    .where(and(eq(addonProducts.editionId, edition.id), eq(addonProducts.code, input.code)))
  if (!product) throw notFound()
  const registration = await liveRegistrationOf(db, input.userId, edition.id)
  if (registration?.paymentStatus !== 'paid') throw productError(409, 'addonNeedsPaidRegistration')
  const [held] = (await purchasesOf(db, registration.registrationId)).filter(
    (row) => row.productCode === input.code && (row.status === 'pending' || row.status === 'paid'),
  )
  if (held?.status === 'paid') throw productError(409, 'addonAlreadyBought')
  if (held) {
    if (held.paymentUrl === null) throw productError(409, 'purchaseSessionAlreadyExists')
    return { paymentUrl: held.paymentUrl }
  }
  if (
    !addonOnSale(
      { saleOpensAt: product.saleOpensAt.getTime(), saleClosesAt: product.saleClosesAt.getTime() },
      now,
    )
  )
    throw productError(409, 'addonNotOnSale')
  const purchaseId = randomUUID()
  try {
    await db.transaction(async (tx) => {
      if (!(await retakeSpot(tx, { editionId: edition.id, addon: input.code }))) {
        throw productError(409, 'addonSoldOut')
      }
      await tx.insert(addonPurchases).values({
        purchaseId,
        registrationId: registration.registrationId,
        editionId: edition.id,
        productCode: input.code,
        status: 'pending',
        amountJpy: product.priceJpy,
        // Until the session is recorded, the place is held for the claim only (decision 056's rule).
        expiresAt: new Date(now + deps.checkoutClaimMs),
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
    })
  } catch (error) {
    if (sqlState(error) === uniqueViolation) throw productError(409, 'purchaseSessionAlreadyExists')
    throw error
  }
  const holdMs = checkoutHoldMs(deps, edition)
  let session: Awaited<ReturnType<typeof gateway.createCheckoutSession>>
  try {
    session = await gateway.createCheckoutSession({
      registrationId: registration.registrationId,
      registrationTier: registration.registrationTier,
      amountJpy: product.priceJpy,
      customerEmail: input.email,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      locale: checkoutLocale(input.successUrl),
      expiresAt: now + holdMs,
      metadata: { registration_id: registration.registrationId, addon_purchase_id: purchaseId },
      addon: { purchaseId, name: { ja: product.nameJa, en: product.nameEn } },
    })
  } catch (error) {
    logger.warn('Could not create an add-on checkout session; the place is given back', { purchaseId, error })
    await endAddonHolds(db, sql`purchase_id = ${purchaseId}::uuid`, clock())
    throw highTraffic()
  }
  const attached = await queryRows(
    db,
    sql`update addon_purchases
        set checkout_session_id = ${session.sessionId}, payment_url = ${session.url},
          expires_at = ${iso(session.expiresAt)}::timestamptz, updated_at = ${iso(clock())}::timestamptz
        where purchase_id = ${purchaseId}::uuid and status = 'pending'
        returning purchase_id`,
  )
  if (attached.length === 0) {
    // Its claim passed before the session existed and the sweep gave the place back: nobody may pay it now.
    logger.warn('An add-on checkout session was opened for a purchase that had ended meanwhile', {
      purchaseId,
    })
    await gateway
      .expireCheckoutSession(session.sessionId)
      .catch((error: unknown) =>
        rememberSessionToEnd(deps, registration.registrationId, session.sessionId, error),
      )
    throw productError(409, 'purchaseSessionTimedOut')
  }
  return { paymentUrl: session.url }
}

/**
 * A staff member refunds a registration's add-on alone (decision 178): the paid purchase is refunded in full,
 * its place goes back on sale and the audit trail records it, in one transaction; then the provider is asked.
 * Sent again while the provider has not confirmed, it retries the same refund (same key). 409 addonNotBought
 * when there is no paid or refunded purchase; 502 refundFailed when the provider could not refund yet.
 */
export async function refundAddonAlone(
  deps: AddonPaymentDeps,
  input: { registrationId: string; code: string; actor: AuditActor },
): Promise<AddonPurchaseRow> {
  const { db, clock } = deps
  const registration = await registrationById(db, input.registrationId)
  if (!registration) throw notFound()
  const now = clock()
  await db.transaction(async (tx) => {
    const condition = sql`registration_id = ${input.registrationId}::uuid and product_code = ${input.code}`
    for (const started of await startAddonRefunds(tx, condition, 100, now)) {
      await recordAudit(tx, {
        at: new Date(now),
        actor: input.actor,
        action: 'addonRefunded',
        subject: input.registrationId,
        details: { code: input.code, purchaseId: started.purchase_id, amountJpy: started.refund_jpy },
        editionId: registration.editionId,
      })
    }
  })
  const latest = () =>
    purchasesOf(db, input.registrationId).then((rows) => rows.find((row) => row.productCode === input.code))
  const purchase = await latest()
  if (purchase?.status !== 'refunding' && purchase?.status !== 'refunded')
    throw productError(409, 'addonNotBought')
  if (purchase.status === 'refunding') {
    const failed = await settleAddonRefunds(deps, sql`purchase_id = ${purchase.purchaseId}::uuid`)
    if (failed > 0) throw productError(502, 'refundFailed')
  }
  return (await latest()) ?? purchase
}

/**
 * Retention (docs/decisions/161-retention.md): an add-on purchase's payment link leads to a checkout page of a
 * person, as the registration's does; the session id stays with the accounts.
 */
export function addonErasures(editionId: string): Erasure[] {
  return [
    {
      kind: 'registrations',
      table: 'addon_purchases',
      set: sql`payment_url = null`,
      where: sql`edition_id = ${editionId} and payment_url is not null`,
    },
  ]
}
