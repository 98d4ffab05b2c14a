/** A length in metres as people read it: metres below a kilometre. */
export function formatLength(metres: number): string {
  return metres < 1000 ? `${metres.toFixed(1)} m` : `${(metres / 1000).toFixed(3)} km`;
}

/** An area in square metres: m² below a hectare-ish, km² above. */
export function formatArea(squareMetres: number): string {
  return squareMetres < 100_000
    ? `${squareMetres.toFixed(1)} m²`
    : `${(squareMetres / 1_000_000).toFixed(4)} km²`;
}
