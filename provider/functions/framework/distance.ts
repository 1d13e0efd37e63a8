// How far a query is from a name, for the "close matches" of a failed lookup. Pure and without
// dependencies: lookups compare a few hundred short names at most.

/**
 * The edit distance (insertions, deletions, substitutions) between `query` and the substring of
 * `text` closest to it (Sellers' algorithm: the text may be entered and left anywhere for free).
 * A query that is a typo of part of a name ("ubunto 24.04" in "ubuntu 24.04-server x86_64") is
 * then as close as a typo of the whole name, which plain Levenshtein distance would not say.
 */
export function substringDistance(query: string, text: string): number {
  const n = text.length;
  // previous[j]: distance of the query's first i-1 characters to a substring ending at j.
  let previous: number[] = new Array<number>(n + 1).fill(0);
  let current: number[] = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= query.length; i++) {
    current[0] = i;
    const q = query.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const substitution = (previous[j - 1] ?? 0) + (q === text.charCodeAt(j - 1) ? 0 : 1);
      const deletion = (previous[j] ?? 0) + 1;
      const insertion = (current[j - 1] ?? 0) + 1;
      current[j] = Math.min(substitution, deletion, insertion);
    }
    [previous, current] = [current, previous];
  }
  return Math.min(...previous);
}
