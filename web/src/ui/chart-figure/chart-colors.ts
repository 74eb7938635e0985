/** Series colours of the charts, distinguishable on the dark theme and for the common colour-vision deficiencies (Okabe-Ito). */
export const CHART_COLORS = {
  blue: '#56b4e9',
  orange: '#e69f00',
  green: '#009e73',
  yellow: '#f0e442',
  vermillion: '#d55e00',
  purple: '#cc79a7',
  sky: '#0072b2',
} as const;

export const CHART_AXIS = { stroke: 'var(--color-text-muted, #9a9ab0)', fontSize: 12 } as const;
