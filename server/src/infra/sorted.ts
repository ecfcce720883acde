/** Counting in arrays sorted ascending, by binary search. */

/** How many of `sorted` (ascending by `key`) have a key before `value`, or at it too when `inclusive`. */
function countBelow<T, V>(sorted: readonly T[], value: V, key: (item: T) => V, inclusive: boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const k = key(sorted[middle]);
    if (k < value || (inclusive && k === value)) low = middle + 1;
    else high = middle;
  }
  return low;
}

const itself = <T>(item: T) => item;

/** How many of `sorted` (ascending by `key`) have a key at or before `value`. */
export function countAtOrBefore<T, V>(sorted: readonly T[], value: V, key: (item: T) => V): number {
  return countBelow(sorted, value, key, true);
}

/** How many numbers of the ascending `sorted` are at or after `from`. */
export function countFrom(sorted: readonly number[], from: number): number {
  return sorted.length - countBelow(sorted, from, itself, false);
}
