/** Great-circle distances between reference centroids. */

const EARTH_RADIUS_KM = 6371.0088; // mean Earth radius (IUGG)

/** Haversine distance in kilometres between two lat/lon points in degrees. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * distanceKm(lat1, lon1, lat2, lon2) <= km, without the trigonometry when the latitudes alone are
 * farther apart than km (a great circle is never shorter than its north-south extent).
 */
export function withinKm(lat1: number, lon1: number, lat2: number, lon2: number, km: number): boolean {
  // Only sure answers skip distanceKm (latitudeSpan's margin lies far above rounding).
  if (Math.abs(lat2 - lat1) > latitudeSpan(km)) return false;
  return distanceKm(lat1, lon1, lat2, lon2) <= km;
}

/** Degrees of latitude beyond which a great circle is longer than km whatever the longitudes (with a margin far above rounding): withinKm is false there. */
export function latitudeSpan(km: number): number {
  return ((km * (1 + 1e-9) + 1e-9) / ((Math.PI / 180) * EARTH_RADIUS_KM)) * (1 + 1e-9);
}
