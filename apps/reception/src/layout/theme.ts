import { createAppTheme, RouterLink } from '@furfes/ui'

/**
 * The festival's theme (packages/ui, shared with the site) with the staff screens' own table and button rules
 * (docs/decisions/188-the-reception-wears-the-festival.md): column and row headers on one line (a Japanese header
 * otherwise breaks one character a line in a narrow column; the tables scroll sideways instead), totals in the
 * text colour and bold rather than MUI's grey footer, and button labels that do not wrap inside a word, nor at
 * all from tablet width up.
 */
export const receptionTheme = createAppTheme({
  linkComponent: RouterLink,
  components: {
    MuiTableCell: {
      styleOverrides: {
        head: { whiteSpace: 'nowrap', fontWeight: 700 },
        // Row headers too (a tier's name heading a row of figures), for the same reason.
        root: { '&:is(th)': { whiteSpace: 'nowrap' } },
        footer: ({ theme }) => ({
          color: (theme.vars ?? theme).palette.text.primary,
          fontSize: theme.typography.body2.fontSize,
          fontWeight: 700,
          borderTop: `2px solid ${(theme.vars ?? theme).palette.text.primary}`,
        }),
      },
    },
    // The rows-per-page choice and the page arrows wrap onto a second line on a phone rather than leave the box.
    MuiTablePagination: {
      styleOverrides: { toolbar: { flexWrap: 'wrap' } },
    },
    MuiButton: {
      styleOverrides: {
        root: ({ theme }) => ({
          wordBreak: 'keep-all',
          [theme.breakpoints.up('md')]: { whiteSpace: 'nowrap', flexShrink: 0 },
        }),
      },
    },
  },
})
