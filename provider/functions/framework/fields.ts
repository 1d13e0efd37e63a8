// A lookup's result shows an API record's fields in camelCase, and a field the API may leave out
// as null, never missing (README: "Results are plain camelCase objects"). Fields that need more
// than that (labels without the ownership label, copies of lists, ids made of two) are written
// out beside this.

/** A snake_case name in camelCase: `cpu_cores_count` -> `cpuCoresCount`. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

/** A field as a result shows it: null where the record may leave it out or give null. */
type OrNull<V> = undefined extends V ? Exclude<V, undefined> | null : V;

export type CamelFields<R, K extends keyof R & string> = {
  -readonly [P in K as Camel<P>]: OrNull<R[P]>;
};

function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** The record's fields named in `keys`, in camelCase, each null where the record has none. */
export function camelFields<R extends object, K extends keyof R & string>(
  record: R,
  keys: readonly K[],
): CamelFields<R, K> {
  const out: Record<string, unknown> = {};
  for (const key of keys) out[camel(key)] = record[key] ?? null;
  return out as CamelFields<R, K>;
}
