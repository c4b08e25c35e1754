import { type AppError, errorFromAnswer, NetworkError, UnexpectedError } from '@furfes/core'
import type { PublicReadFailure } from './public-read.ts'

/** The error the member client would raise for the same failure, so the page says the same (decision 014). */
export function errorOfPublicRead(failure: PublicReadFailure, where: string): AppError {
  switch (failure.kind) {
    case 'network':
      return new NetworkError(failure.cause)
    case 'refused':
      return errorFromAnswer(failure.status, failure.message, where)
    case 'broken':
      return new UnexpectedError(`${where} answered ${failure.status} with a body that breaks the contract`, {
        status: failure.status,
      })
  }
}
