import { lazy, Suspense } from 'react';
import type { LocationSelectsProps } from './location-selects';

const LocationSelects = lazy(() => import('./location-selects').then((module) => ({ default: module.LocationSelects })));

/** Country → State → City for a dialog that loads on demand: the selects' code comes with the dialog's first opening, not with the screen. */
export function LazyLocationSelects(props: LocationSelectsProps) {
  return (
    <Suspense fallback={null}>
      <LocationSelects {...props} />
    </Suspense>
  );
}
