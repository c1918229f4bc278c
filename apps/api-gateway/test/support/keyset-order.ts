/** The order a keyset page walk must give: by the sort value, then by id, in the given direction. */
export function keysetOrder<T extends { id: string }>(
  rows: T[],
  value: (row: T) => string | number,
  dir: 'asc' | 'desc',
): string[] {
  const sorted = [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x !== y) return x < y ? -1 : 1;
    return a.id < b.id ? -1 : 1;
  });
  return (dir === 'asc' ? sorted : sorted.reverse()).map((r) => r.id);
}
