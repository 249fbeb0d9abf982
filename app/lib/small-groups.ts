/**
 * Small-group suppression for the equal-opportunity report (decision 118). A count under the
 * threshold could point at a person, so it is hidden ("Fewer than 5"). And since the total is shown
 * (or can be worked out from another question's groups), subtracting the shown groups from it gives
 * the sum of the hidden ones: so there are never exactly one hidden group (its count would follow)
 * nor hidden groups that sum to zero (they would all be known to be nobody, and so everyone's answer
 * one of the shown ones). Then only a sum of hidden groups can be known, never one of them.
 */

export interface GroupCount<K extends string = string> {
  key: K;
  count: number;
}

/** A group as shown: its count, or null when hidden. */
export interface ShownGroup<K extends string = string> {
  key: K;
  count: number | null;
}

export interface SuppressedGroups<K extends string = string> {
  groups: ShownGroup<K>[];
  /** The sum of every group, or null when it is itself under the threshold. */
  total: number | null;
}

/**
 * Hides every group under `min` (zero too: "fewer than five" is true of it), then, while exactly one
 * group is hidden or the hidden groups add up to zero, the smallest shown one as well (the first of
 * equals, in the groups' order). The groups keep their order.
 */
export function suppressSmallGroups<K extends string>(counts: readonly GroupCount<K>[], min: number): SuppressedGroups<K> {
  const total = counts.reduce((sum, group) => sum + group.count, 0);
  const hidden = new Set(counts.filter((group) => group.count < min).map((group) => group.key));
  const hiddenSum = () => counts.reduce((sum, group) => sum + (hidden.has(group.key) ? group.count : 0), 0);
  while (hidden.size === 1 || (hidden.size > 0 && hiddenSum() === 0)) {
    let smallest: GroupCount<K> | undefined;
    for (const group of counts) if (!hidden.has(group.key) && (!smallest || group.count < smallest.count)) smallest = group;
    if (!smallest) break;
    hidden.add(smallest.key);
  }
  return {
    groups: counts.map((group) => ({ key: group.key, count: hidden.has(group.key) ? null : group.count })),
    total: total < min ? null : total,
  };
}
