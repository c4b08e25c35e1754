import { type Dashboard, NetworkError } from '@furfes/core'
import { useEffect, useMemo, useState } from 'react'
import { useConnectivity, useReceptionSnapshot } from '../app/hooks.ts'
import { useServices } from '../app/services.tsx'
import { createDashboardCache, type DashboardFigures, fromApi, fromDevice } from './figures.ts'

export interface DashboardState {
  figures: DashboardFigures
  /** Asking the API; the figures shown meanwhile are the last answer, or the device's. */
  loading: boolean
  /** The API could not be reached: the figures are the device's (decision 130). */
  unreachable: boolean
  /** The last request failed for another reason than the network (shown, and reported when unexpected). */
  error: unknown
}

/**
 * The API's figures, asked again after each sync of this device (so check-ins other devices uploaded appear
 * as this one learns of them), or the device's own figures while the API cannot be reached (decision 130).
 */
export function useDashboardFigures(): DashboardState {
  const services = useServices()
  const snapshot = useReceptionSnapshot()
  const cache = useMemo(() => createDashboardCache(window.localStorage), [])
  const [answer, setAnswer] = useState<Dashboard | undefined>(undefined)
  const [last, setLast] = useState<Dashboard | undefined>(() => cache.read())
  const [unreachable, setUnreachable] = useState(false)
  const [error, setError] = useState<unknown>(undefined)
  const [loading, setLoading] = useState(true)
  const syncedAt = snapshot.lastSyncAt
  const connectivity = useConnectivity()

  // Asked again whenever a sync finishes (syncedAt): other devices' check-ins have arrived with it.
  useEffect(() => {
    // Offline (the browser says so, or a request of the sync failed to reach the API): the device's figures,
    // until the connection returns, which asks again.
    if (connectivity === 'offline') {
      setAnswer(undefined)
      setUnreachable(true)
      setLoading(false)
      return
    }
    const controller = new AbortController()
    setLoading(true)
    services.api.getDashboard({ signal: controller.signal }).then(
      (dashboard) => {
        services.connectivity.reportReachable()
        cache.write(dashboard)
        setAnswer(dashboard)
        setLast(dashboard)
        setUnreachable(false)
        setError(undefined)
        setLoading(false)
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return
        setLoading(false)
        if (failure instanceof NetworkError) {
          services.connectivity.reportUnreachable()
          setAnswer(undefined)
          setUnreachable(true)
          setError(undefined)
        } else {
          // Shown beside the last answer, which is still the best there is.
          setUnreachable(false)
          setError(failure)
        }
      },
    )
    return () => controller.abort()
  }, [services, cache, syncedAt, connectivity])

  const figures = useMemo(
    () => (answer && !unreachable ? fromApi(answer) : fromDevice(snapshot, last, services.clock())),
    [answer, unreachable, snapshot, last, services],
  )
  return { figures, loading, unreachable, error }
}
