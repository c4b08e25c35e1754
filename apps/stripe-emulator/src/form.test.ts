import { describe, expect, it } from 'vitest'
import { parseStripeForm } from './form.ts'

describe('parseStripeForm', () => {
  it('nests bracketed keys into hashes and indexed arrays, as the SDK encodes them', () => {
    const sut = parseStripeForm(
      'mode=payment&line_items[0][price_data][currency]=jpy&line_items[0][quantity]=1' +
        '&line_items[1][quantity]=2&metadata[tier]=member&expand[0]=line_items',
    )

    expect(sut).toEqual({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'jpy' }, quantity: '1' }, { quantity: '2' }],
      metadata: { tier: 'member' },
      expand: ['line_items'],
    })
  })

  it('reads percent-encoded brackets, plus signs and UTF-8', () => {
    const sut = parseStripeForm(
      'metadata%5Bname%5D=%E3%81%8D%E3%81%A4%E3%81%AD+fox&success_url=http%3A%2F%2Fx%2F%7BCHECKOUT_SESSION_ID%7D',
    )

    expect(sut).toEqual({ metadata: { name: 'きつね fox' }, success_url: 'http://x/{CHECKOUT_SESSION_ID}' })
  })

  it('appends for empty brackets and orders indices numerically', () => {
    expect(parseStripeForm('a[]=x&a[]=y')).toEqual({ a: ['x', 'y'] })
    expect(parseStripeForm('a[10]=ten&a[2]=two')).toEqual({ a: ['two', 'ten'] })
  })

  it('keeps a key such as __proto__ as plain data', () => {
    const sut = parseStripeForm('metadata[__proto__]=x')

    expect(Object.getPrototypeOf(sut.metadata)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(sut.metadata, '__proto__')?.value).toBe('x')
  })

  it('refuses a key given both as a value and as a hash', () => {
    expect(() => parseStripeForm('metadata=x&metadata[a]=y')).toThrow('Invalid hash')
  })
})
