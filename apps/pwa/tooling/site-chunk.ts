// Build setting: the small modules nearly every public page loads, and the MUI controls of the site's frame, in
// one chunk ("site") instead of the dozen chunks of a few hundred bytes the bundler's automatic splitting makes
// of them (each set of pages that shares a module gets a chunk of its own). Each chunk is compressed on its own,
// so a dozen small ones cost several KiB more than the same code together (docs/decisions/164).
//
// Listed by module, not by folder: the group takes exactly these modules, not what they import
// (`includeDependenciesRecursively: false`). Taking dependencies too would follow @furfes/ui's index into the
// entry's own modules, so the entry would import this chunk statically and wait for it before starting
// (decision 041 keeps the entry free of imports).
import type { Rolldown } from 'vite'

const separator = String.raw`[\\/]`

/** Module paths relative to the repository's packages, without extension. */
const members = {
  core: [
    'clock',
    'store',
    'contract/edition-wire',
    'contract/wire-names',
    'contract/wire-shape',
    'domain/date',
    'domain/date-format',
    'domain/edition',
    'domain/event',
    'domain/registration-tier',
    'domain/schedule',
    'locales/en/dates',
    'locales/ja/dates',
  ],
  ui: ['error-reporting-config', 'error-reporting-context', 'services-context', 'use-store'],
  pwa: [
    'app/edition',
    'app/feature-flags',
    'app/services',
    'app/status',
    'app/useEdition',
    'content/Page',
    'content/RichText',
    'content/schedule',
    'content/site',
    'content/values',
    'layout/SocialLinks',
    'layout/usePageTitle',
  ],
}
/** The MUI components of the header and its buttons, which every page with the site's frame shows. */
const frameComponents = [
  'Button',
  'ButtonBase',
  'CircularProgress',
  'IconButton',
  'Link',
  'Paper',
  'SvgIcon',
  'Typography',
]

/**
 * What those components share with the rest of the header only (hooks, the ripple's and spinner's helpers,
 * global styles): otherwise three more chunks of their own.
 */
const frameHelpers = [
  '@emotion/react/dist/emotion-react.browser.esm',
  '@mui/material/ButtonGroup/ButtonGroupButtonContext',
  '@mui/material/ButtonGroup/ButtonGroupContext',
  '@mui/material/GlobalStyles/GlobalStyles',
  '@mui/material/styles/reducedMotion',
  '@mui/material/styles/useTheme',
  '@mui/material/transitions/useReducedMotion',
  '@mui/material/transitions/utils',
  '@mui/material/useLazyRipple/useLazyRipple',
  '@mui/material/utils/createSimplePaletteValueFilter',
  '@mui/material/utils/memoTheme',
  '@mui/material/utils/useEventCallback',
  '@mui/material/utils/useFocusableWhenDisabled',
  '@mui/material/utils/useForkRef',
  '@mui/material/utils/useId',
  '@mui/material/zero-styled/index',
  '@mui/styled-engine/GlobalStyles/GlobalStyles',
  '@mui/system/GlobalStyles/GlobalStyles',
  '@mui/system/RtlProvider/index',
  '@mui/system/memoTheme',
  '@mui/utils/isFocusVisible/isFocusVisible',
  '@mui/utils/useEnhancedEffect/useEnhancedEffect',
  '@mui/utils/useEventCallback/useEventCallback',
  '@mui/utils/useForkRef/useForkRef',
  '@mui/utils/useId/useId',
  '@mui/utils/useLazyRef/useLazyRef',
  '@mui/utils/useOnMount/useOnMount',
  '@mui/utils/useTimeout/useTimeout',
]

const path = (parts: string) => parts.split('/').join(separator)
const workspaceModule = new RegExp(
  [
    `${separator}packages${separator}core${separator}src${separator}(${members.core.map(path).join('|')})\\.(ts|json)$`,
    `${separator}packages${separator}ui${separator}src${separator}(${members.ui.join('|')})\\.tsx?$`,
    `${separator}apps${separator}pwa${separator}src${separator}(${members.pwa.map(path).join('|')})\\.(tsx?|json)$`,
    'virtual:edition$',
    `${separator}@mui${separator}material${separator}(${frameComponents.join('|')})${separator}`,
    `${separator}node_modules${separator}(${frameHelpers.map(path).join('|')})\\.m?js$`,
  ].join('|'),
)

export const siteChunk: Rolldown.CodeSplittingGroup = {
  name: 'site',
  test: workspaceModule,
  includeDependenciesRecursively: false,
}

/**
 * React and React DOM's own module (not its client) in one chunk: every page loads both, and the bundler would
 * make two. Apart from the site chunk, which imports the shared MUI chunk that imports React.
 */
export const reactChunk: Rolldown.CodeSplittingGroup = {
  name: 'react',
  test: new RegExp(
    `${separator}node_modules${separator}(react|react-dom)${separator}(index|cjs${separator}(react|react-dom)\\.production)\\.js$`,
  ),
  includeDependenciesRecursively: false,
}

/**
 * Core's registration facts (T-shirt sizes, payment and inventory states) and the sponsor benefits per tier in one
 * chunk: the pages that show one show the other (about-registration's tables, My Page's tier picker), and two
 * chunks of a few hundred bytes, each compressed on its own, cost about-registration 0.1 KiB more (decisions 164,
 * 209).
 */
export const registrationFactsChunk: Rolldown.CodeSplittingGroup = {
  name: 'registration-facts',
  test: new RegExp(
    `${separator}packages${separator}core${separator}src${separator}domain${separator}(registration|sponsor-benefits)\\.ts$`,
  ),
  includeDependenciesRecursively: false,
}
