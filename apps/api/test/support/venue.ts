import type { VenueWire } from '@furfes/core'

/** A venue as the committee announces it (VENUE, or the stack's configuration), for the tests that need one. */
export const testVenue: VenueWire = {
  name: { ja: '東京ふぁーりーホール', en: 'Tokyo Furry Hall' },
  address: { ja: '東京都千代田区丸の内1-1', en: '1-1 Marunouchi, Chiyoda, Tokyo' },
  access: {
    ja: '東京駅丸の内北口から徒歩5分',
    en: '5 minutes on foot from Tokyo Station, Marunouchi North exit',
  },
  map_url: 'https://maps.example.com/tokyo-furry-hall',
  entry_time: '09:30',
}
