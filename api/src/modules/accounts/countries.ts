/** The 25 countries a profile may name (requirements §L3), in the order the form lists them. */
export const COUNTRIES = [
  'United States', 'Canada', 'United Kingdom', 'Australia', 'Germany', 'France', 'India', 'China', 'Japan',
  'South Korea', 'Mexico', 'Brazil', 'Russia', 'Italy', 'Spain', 'Netherlands', 'Turkey', 'Switzerland',
  'Sweden', 'Belgium', 'Austria', 'Denmark', 'Norway', 'Finland', 'Ireland',
] as const;

export type Country = (typeof COUNTRIES)[number];
