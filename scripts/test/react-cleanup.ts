// Testing Library unmounts between tests only when test globals are on; we keep globals off and do it here.
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())
