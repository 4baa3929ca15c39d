/** Series colours of the fee charts, SVG and recharts alike: CSS variables of the theme, so both themes read well. */
export const PERCENTILE_COLOURS = ['var(--c-region)', 'var(--c-ok)', 'var(--c-prime)', 'var(--c-warn)', 'var(--c-accent)', 'var(--c-zone)', 'var(--c-link)', 'var(--c-bad)'];
