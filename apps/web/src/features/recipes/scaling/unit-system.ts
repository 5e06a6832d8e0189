/** How the reader wants quantities: as the cook wrote them, or all in one system. */
export type UnitSystem = 'original' | 'metric' | 'us';

export const UNIT_SYSTEMS: ReadonlyArray<{ value: UnitSystem; label: string }> = [
  { value: 'original', label: 'As written' },
  { value: 'metric', label: 'Metric' },
  { value: 'us', label: 'US' },
];

export const isUnitSystem = (value: unknown): value is UnitSystem =>
  value === 'original' || value === 'metric' || value === 'us';
