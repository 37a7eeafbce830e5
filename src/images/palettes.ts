/** Curated, quiet palettes: paper and ink, two accents, a hairline colour. */
export interface Palette {
  name: string
  paper: string
  ink: string
  accent: string
  second: string
  line: string
  dark: boolean
}

export const PALETTES: readonly Palette[] = [
  {
    name: 'parchment and ink',
    paper: '#f4efe6',
    ink: '#1f2a44',
    accent: '#b5651d',
    second: '#2f5d62',
    line: '#c9bfae',
    dark: false,
  },
  {
    name: 'nocturne',
    paper: '#14213d',
    ink: '#f1ede4',
    accent: '#e0a458',
    second: '#7fb7be',
    line: '#34466b',
    dark: true,
  },
  {
    name: 'sage',
    paper: '#eef1ea',
    ink: '#22302a',
    accent: '#6b8f71',
    second: '#c07a4f',
    line: '#c5cfc0',
    dark: false,
  },
  {
    name: 'claret',
    paper: '#f6f0ee',
    ink: '#3b1f2b',
    accent: '#8c2f39',
    second: '#c9962f',
    line: '#dcc9c6',
    dark: false,
  },
  {
    name: 'slate',
    paper: '#e9edf1',
    ink: '#1d2733',
    accent: '#3d6a8c',
    second: '#c4694d',
    line: '#c3ccd6',
    dark: false,
  },
  {
    name: 'forest night',
    paper: '#17261f',
    ink: '#ece7da',
    accent: '#c9a227',
    second: '#8fbf9f',
    line: '#2e4237',
    dark: true,
  },
  {
    name: 'indigo paper',
    paper: '#f2f0f7',
    ink: '#231f43',
    accent: '#4b3f8f',
    second: '#d07c4e',
    line: '#cfcae0',
    dark: false,
  },
  {
    name: 'umber',
    paper: '#2b2220',
    ink: '#f3e9dc',
    accent: '#d08c60',
    second: '#9ab0a6',
    line: '#4a3c37',
    dark: true,
  },
]
