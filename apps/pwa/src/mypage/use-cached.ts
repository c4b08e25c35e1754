import { useStore } from '@furfes/ui'
import { useCallback, useEffect } from 'react'
import type { CachedResource, ResourceState } from '../account/my-page-cache.ts'
import { useMyPage } from './context.ts'

/**
 * A piece of My Page's cache: loads it when the caching rule says so (docs/requirements.md MY-10) and re-renders with
 * it. An error that means the session is gone sends the user to sign in; others stay in `error`.
 */
export function useCached<T>(resource: CachedResource<T>): ResourceState<T> & { reload: () => void } {
  const { handleSessionError } = useMyPage()
  const state = useStore(resource)
  useEffect(() => {
    resource.load().catch(handleSessionError)
  }, [resource, handleSessionError])
  const reload = useCallback(() => {
    resource.load({ force: true }).catch(handleSessionError)
  }, [resource, handleSessionError])
  return { ...state, reload }
}
