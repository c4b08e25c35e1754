import { apiRoutes, type Clock, goodsTickUploadCodec, goodsTickUploadResultCodec } from '@furfes/core'
import type { Executor } from '../db/database.ts'
import { decode, encode, type RouteMounter } from '../http/route.ts'
import { createGoodsService } from '../services/goods.ts'

/** Goods ticked as handed out at the door (decision 180): devices upload them as they upload badge marks. */
export function mountGoodsRoutes({ mount }: RouteMounter, deps: { db: Executor; clock: Clock }): void {
  const goods = createGoodsService(deps)
  mount(apiRoutes.postAdminGoodsTicks, async ({ body, caller }) => {
    const results = await goods.upload(decode(goodsTickUploadCodec, body), caller.sub)
    return { status: 200, body: encode(goodsTickUploadResultCodec, results) }
  })
}
