import { brandLabels, brandRules, type CardBrand, detectBrand, testCards } from './cards.ts'
import type { FormField, FormProblem } from './emulator.ts'
import { type Language, type Messages, messages } from './messages.ts'
import { amountTotal, hostedPagePath, type SessionRecord, successUrlFor } from './session.ts'

/** The hosted checkout page: server-rendered HTML that works without JavaScript. Every value is escaped. */

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

const e = escapeHtml

/**
 * Amounts arrive in the currency's smallest unit (yen for JPY, which has no decimals). One format for both
 * languages: ja-JP would print the full-width ￥, and the page should show the amount the same way in both.
 */
function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() })
  const digits = format.resolvedOptions().maximumFractionDigits ?? 0
  return format.format(amount / 10 ** digits)
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)

const css = `
:root { color-scheme: light; --accent: #a61e5a; --text: #1d1d1f; --muted: #55575d; --line: #c9cbd1; --error: #b3261e; }
* { box-sizing: border-box; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Noto Sans JP", sans-serif; color: var(--text); background: #f6f6f8; }
header { display: flex; justify-content: space-between; align-items: center; gap: 1rem; padding: .75rem 1.25rem; background: #fff; border-bottom: 1px solid var(--line); }
.badge { font-size: .8rem; font-weight: 600; padding: .1rem .5rem; border-radius: .25rem; background: #fff0c2; color: #5c4400; }
nav ul { display: flex; gap: .75rem; list-style: none; margin: 0; padding: 0; }
a { color: var(--accent); }
a[aria-current="true"] { font-weight: 700; text-decoration: none; color: var(--text); }
main { max-width: 60rem; margin: 0 auto; padding: 1.5rem 1.25rem; display: grid; gap: 1.5rem; }
@media (min-width: 768px) { main.checkout { grid-template-columns: 1fr 1fr; align-items: start; } }
section { background: #fff; border: 1px solid var(--line); border-radius: .5rem; padding: 1.25rem; }
h1 { font-size: 1.35rem; margin: 0 0 .5rem; }
h2 { font-size: 1.1rem; margin: 0 0 1rem; }
.amount { font-size: 2rem; font-weight: 700; margin: 0 0 1rem; }
.items { list-style: none; padding: 0; margin: 0 0 1rem; }
.items li { display: flex; justify-content: space-between; gap: 1rem; padding: .5rem 0; border-top: 1px solid var(--line); }
.muted, .hint { color: var(--muted); font-size: .9rem; margin: .25rem 0 0; }
.field { display: grid; gap: .25rem; margin-bottom: 1rem; align-content: start; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; align-items: start; }
label { font-weight: 600; }
input { font: inherit; padding: .6rem .75rem; border: 1px solid var(--muted); border-radius: .375rem; width: 100%; }
input[aria-invalid="true"] { border: 2px solid var(--error); }
input:focus-visible, button:focus-visible, a:focus-visible, summary:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.field-error { color: var(--error); font-size: .9rem; margin: 0; }
.alert { border: 2px solid var(--error); border-radius: .375rem; padding: .75rem 1rem; margin-bottom: 1rem; color: var(--error); }
.alert p, .alert ul { margin: 0; }
button { font: inherit; font-weight: 700; width: 100%; padding: .8rem; border: 0; border-radius: .375rem; background: var(--accent); color: #fff; cursor: pointer; }
.back { display: inline-block; margin-top: 1rem; }
details { margin-top: 1.5rem; font-size: .9rem; }
table { border-collapse: collapse; width: 100%; margin-top: .5rem; }
th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid var(--line); }
td:first-child { font-family: ui-monospace, monospace; white-space: nowrap; }
`

interface Shell {
  lang: Language
  title: string
  body: string
  mainClass?: string
  nonce?: string
  script?: string
}

function languageSwitch(lang: Language, t: Messages): string {
  const link = (code: Language, label: string) =>
    `<li><a href="?lang=${code}" lang="${code}" hreflang="${code}"${code === lang ? ' aria-current="true"' : ''}>${label}</a></li>`
  return `<nav aria-label="${e(t.languageSwitch)}"><ul>${link('ja', '日本語')}${link('en', 'English')}</ul></nav>`
}

function shell({ lang, title, body, mainClass, nonce, script }: Shell): string {
  const t = messages[lang]
  const scriptTag = script && nonce ? `<script nonce="${e(nonce)}">${script}</script>` : ''
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)}</title>
<style>${css}</style>
</head>
<body>
<header><span class="badge">${e(t.testMode)}</span>${languageSwitch(lang, t)}</header>
<main${mainClass ? ` class="${mainClass}"` : ''}>
${body}
</main>
${scriptTag}
</body>
</html>`
}

function summary(session: SessionRecord, t: Messages): string {
  const total = formatAmount(amountTotal(session), session.currency)
  const [first] = session.lineItems
  const heading = session.lineItems.length === 1 && first ? first.name : t.orderSummary
  const items = session.lineItems
    .map(
      (
        item,
      ) => `<li><span>${e(item.name)}${item.description ? `<br><span class="muted">${e(item.description)}</span>` : ''}
<br><span class="muted">${e(t.quantity)}: ${item.quantity}</span></span><span>${e(formatAmount(item.unitAmount * item.quantity, session.currency))}</span></li>`,
    )
    .join('\n')
  return `<section aria-labelledby="summary-title">
<h1 id="summary-title">${e(heading)}</h1>
<p class="amount"><span class="visually-hidden">${e(t.total)}: </span>${e(total)}</p>
<ul class="items">
${items}
</ul>
</section>`
}

/** What the visitor typed, echoed back after a refused attempt. The security code is never echoed. */
export interface FormValues {
  cardNumber: string
  expiry: string
  name: string
  email: string
}

export interface CheckoutView {
  session: SessionRecord
  lang: Language
  nonce: string
  values?: FormValues
  problems?: Partial<Record<FormField, FormProblem>>
  /** A refusal that belongs to the whole form (a declined card), already translated. */
  formError?: string
}

const fieldIds: Record<FormField, string> = {
  email: 'email',
  card_number: 'card-number',
  expiry: 'card-expiry',
  cvc: 'card-cvc',
  name: 'card-name',
}

const fieldOrder: FormField[] = ['email', 'card_number', 'expiry', 'cvc', 'name']

interface InputSpec {
  field: FormField
  label: string
  value: string
  attributes: string
  describedBy?: string[]
  extra?: string
}

function input(spec: InputSpec, view: CheckoutView, focus: FormField | null): string {
  const t = messages[view.lang]
  const id = fieldIds[spec.field]
  const problem = view.problems?.[spec.field]
  const describedBy = [...(problem ? [`${id}-error`] : []), ...(spec.describedBy ?? [])]
  return `<div class="field">
<label for="${id}">${e(spec.label)}</label>
<input id="${id}" name="${spec.field}" value="${e(spec.value)}" required ${spec.attributes}${
    describedBy.length > 0 ? ` aria-describedby="${describedBy.join(' ')}"` : ''
  }${problem ? ' aria-invalid="true"' : ''}${focus === spec.field ? ' autofocus' : ''}>
${problem ? `<p id="${id}-error" class="field-error">${e(t.problems[problem])}</p>\n` : ''}${spec.extra ?? ''}</div>`
}

function alert(view: CheckoutView): string {
  const t = messages[view.lang]
  if (view.formError)
    return `<div class="alert" role="alert" id="form-error"><p>${e(view.formError)}</p></div>`
  const listed = fieldOrder.flatMap((field) => {
    const problem = view.problems?.[field]
    return problem ? [`<li><a href="#${fieldIds[field]}">${e(t.problems[problem])}</a></li>`] : []
  })
  if (listed.length === 0) return ''
  return `<div class="alert" role="alert" id="form-error"><p>${e(t.errorSummary)}</p><ul>${listed.join('')}</ul></div>`
}

function groupDigits(number: string): string {
  // American Express (15 digits) and 14-digit Diners Club cards are grouped 4-6-rest.
  if (number.length === 15 || number.length === 14)
    `${number.slice(0, 4)} ${number.slice(4, 10)} ${number.slice(10)}`
  return number.replace(/(\d{4})(?=\d)/g, '$1 ')
}

function testCardTable(t: Messages): string {
  const rows = Object.entries(testCards)
    .map(([number, card]) => {
      const result = card.decline ? `${t.outcomeDeclined}: ${t.declines[card.decline]}` : t.outcomeSucceeds
      return `<tr><td>${groupDigits(number)}</td><td>${e(brandLabels[card.brand])} (${e(t.funding[card.funding])})</td><td>${e(result)}</td></tr>`
    })
    .join('\n')
  return `<details>
<summary>${e(t.testCards)}</summary>
<p class="hint">${e(t.testCardsHint)}</p>
<table>
<thead><tr><th scope="col">${e(t.testCardColumns.number)}</th><th scope="col">${e(t.testCardColumns.brand)}</th><th scope="col">${e(t.testCardColumns.result)}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</details>`
}

/** Shows the brand as the number is typed; the server shows it again after every submit. */
function brandScript(t: Messages): string {
  const rules = brandRules.map((rule) => [brandLabels[rule.brand], rule.pattern.source])
  const data = JSON.stringify({ rules, unknown: t.brandUnknown }).replaceAll('<', '\\u003c')
  return `(() => {
  const { rules, unknown } = ${data};
  const input = document.getElementById('card-number');
  const output = document.getElementById('card-brand-name');
  if (!input || !output) return;
  input.addEventListener('input', () => {
    const digits = input.value.replace(/[\\s-]/g, '');
    const rule = digits === '' ? undefined : rules.find(([, source]) => new RegExp(source).test(digits));
    const text = rule ? rule[0] : unknown;
    if (output.textContent !== text) output.textContent = text;
  });
})();`
}

export function renderCheckout(view: CheckoutView): string {
  const { session, lang } = view
  const t = messages[lang]
  const values = view.values ?? { cardNumber: '', expiry: '', name: '', email: '' }
  const focus: FormField | null =
    fieldOrder.find((field) => view.problems?.[field] !== undefined) ??
    (view.formError ? 'card_number' : null)
  const brand: CardBrand | null = values.cardNumber === '' ? null : detectBrand(values.cardNumber)
  const total = formatAmount(amountTotal(session), session.currency)
  const email =
    session.customerEmail === null
      ? input(
          {
            field: 'email',
            label: t.email,
            value: values.email,
            attributes: 'type="email" autocomplete="email"',
          },
          view,
          focus,
        )
      : `<p><span class="muted">${e(t.email)}</span><br>${e(session.customerEmail)}</p>`
  const form = `<section aria-labelledby="pay-title">
<h2 id="pay-title">${e(t.payWithCard)}</h2>
${alert(view)}
<form method="post" action="${e(hostedPagePath(session.id))}">
<input type="hidden" name="lang" value="${lang}">
${email}
${input(
  {
    field: 'card_number',
    label: t.cardNumber,
    value: values.cardNumber,
    attributes: 'type="text" inputmode="numeric" autocomplete="cc-number" spellcheck="false"',
    describedBy: ['card-brand', 'accepted-brands'],
    extra: `<p id="card-brand" class="hint" aria-live="polite">${e(t.detectedBrand)} <span id="card-brand-name">${e(
      brand ? brandLabels[brand] : t.brandUnknown,
    )}</span></p>\n<p id="accepted-brands" class="hint">${e(t.acceptedBrands)}</p>\n`,
  },
  view,
  focus,
)}
<div class="row">
${input(
  {
    field: 'expiry',
    label: t.expiry,
    value: values.expiry,
    attributes: 'type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"',
  },
  view,
  focus,
)}
${input(
  {
    field: 'cvc',
    label: t.cvc,
    value: '',
    attributes: 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4"',
    describedBy: ['card-cvc-hint'],
    extra: `<p id="card-cvc-hint" class="hint">${e(t.cvcHint)}</p>\n`,
  },
  view,
  focus,
)}
</div>
${input({ field: 'name', label: t.cardholderName, value: values.name, attributes: 'type="text" autocomplete="cc-name"' }, view, focus)}
<button type="submit">${e(fill(t.pay, { amount: total }))}</button>
</form>
${session.cancelUrl ? `<a class="back" href="${e(session.cancelUrl)}">${e(t.back)}</a>` : ''}
${testCardTable(t)}
</section>`
  return shell({
    lang,
    title: `${t.pageTitle} · ${session.lineItems[0]?.name ?? ''}`,
    body: `${summary(session, t)}\n${form}`,
    mainClass: 'checkout',
    nonce: view.nonce,
    script: brandScript(t),
  })
}

/** Instead of the form, once the session can no longer be paid. */
export function renderClosed(session: SessionRecord, lang: Language): string {
  const t = messages[lang]
  const complete = session.status === 'complete'
  const title = complete ? t.completeTitle : t.expiredTitle
  const link = complete ? successUrlFor(session) : session.cancelUrl
  const linkText = complete ? t.continue : t.returnToSite
  return shell({
    lang,
    title,
    body: `<section aria-labelledby="notice-title">
<h1 id="notice-title">${e(title)}</h1>
<p>${e(complete ? t.completeBody : t.expiredBody)}</p>
${link ? `<p><a href="${e(link)}">${e(linkText)}</a></p>` : ''}
</section>`,
  })
}

export function renderNotFound(lang: Language): string {
  const t = messages[lang]
  return shell({
    lang,
    title: t.notFoundTitle,
    body: `<section aria-labelledby="notice-title">
<h1 id="notice-title">${e(t.notFoundTitle)}</h1>
<p>${e(t.notFoundBody)}</p>
</section>`,
  })
}
