import { describe, expect, it } from 'vitest'
import { defaultConfig, resolveConfig } from '../src/config.ts'
import { cdkJson } from './support/synth.ts'

describe('resolveConfig', () => {
  it('fills what cdk.json leaves out with the defaults', () => {
    const config = resolveConfig(cdkJson.context.furfes)
    expect(config.api.reservedConcurrency).toBe(defaultConfig.api.reservedConcurrency)
    expect(config.database).toEqual(defaultConfig.database)
    expect(config.stage).toBe('prod')
  })

  it('keeps given values over the defaults, one level deep', () => {
    const config = resolveConfig({ api: { reservedConcurrency: 20 }, database: { multiAz: false } })
    expect(config.api).toEqual({ ...defaultConfig.api, reservedConcurrency: 20 })
    expect(config.database).toEqual({ ...defaultConfig.database, multiAz: false })
  })

  it('takes the firewall rate limits from cdk.json and refuses ones AWS WAF would refuse', () => {
    expect(resolveConfig({ firewall: { cognitoRequestsPerIpPer5Minutes: 300 } }).firewall).toEqual({
      cognitoRequestsPerIpPer5Minutes: 300,
      apiRequestsPerIpPer5Minutes: 3000,
    })
    expect(resolveConfig({ firewall: { apiRequestsPerIpPer5Minutes: 6000 } }).firewall).toEqual({
      cognitoRequestsPerIpPer5Minutes: 1000,
      apiRequestsPerIpPer5Minutes: 6000,
    })
    expect(() =>
      resolveConfig({ firewall: { cognitoRequestsPerIpPer5Minutes: 5, apiRequestsPerIpPer5Minutes: 2.5 } }),
    ).toThrow(
      /firewall\.cognitoRequestsPerIpPer5Minutes: a whole number from 10.*\n.*firewall\.apiRequestsPerIpPer5Minutes: a whole number from 10/,
    )
  })

  it('refuses values that would fail the deployment, listing every problem', () => {
    expect(() =>
      resolveConfig({
        stage: 'Prod!',
        contactUrl: 'not a url',
        domains: { pwa: { domainName: 'www.example.org', certificateArn: 'not-an-arn' } },
        database: { backupRetentionDays: 0 },
      }),
    ).toThrow(/stage: .*\n.*contactUrl: .*\n.*domains\.pwa: .*\n.*database\.backupRetentionDays: 1 to 35/)
  })

  it('takes the venue as an object and refuses one the API would refuse at start', () => {
    const venue = {
      name: { ja: '東京ホール', en: 'Tokyo Hall' },
      address: { ja: '東京都千代田区1-1', en: '1-1 Chiyoda, Tokyo' },
      access: { ja: '東京駅から徒歩5分', en: '5 minutes from Tokyo Station' },
      map_url: 'https://maps.example.com/hall',
      entry_time: '09:30',
    }
    expect(resolveConfig({ api: { venue } }).api.venue).toEqual(venue)
    expect(resolveConfig({}).api.venue).toBeUndefined()
    expect(() => resolveConfig({ api: { venue: { ...venue, map_url: 'http://maps.example.com' } } })).toThrow(
      /api\.venue: VENUE\.map_url/,
    )
  })
})
