// Resource names: readable (made of the object's own words: its title, hostname or name), valid
// as an identifier in every language Pulumi generates code for (a letter first, then letters,
// digits and underscores; no keyword of TypeScript, Python, Go, C# or Java), unique across the
// whole output (a YAML program's resources share one namespace, and so do a program's
// variables), and stable: a name depends only on the object and on the other objects that would
// share it, never on the order the API lists them in.
import type { KindName } from "./kinds";

/** Words no generated program may use as a variable (keywords, and the program's own names). */
const RESERVED = new Set(
  [
    // TypeScript / JavaScript
    "break case catch class const continue debugger default delete do else enum export extends " +
      "false finally for function if import in instanceof new null return super switch this throw " +
      "true try typeof var void while with as implements interface let package private protected " +
      "public static yield any boolean constructor declare get module require number set string " +
      "symbol type from of async await",
    // Python
    "and assert def del elif except global is lambda nonlocal not or pass raise None True False",
    // Go
    "chan defer fallthrough go goto map range select struct func",
    // C# and Java
    "abstract base bool byte char checked decimal double event explicit extern fixed float " +
      "foreach implicit int internal lock long namespace object operator out override params " +
      "readonly ref sbyte sealed short sizeof stackalloc uint ulong unchecked unsafe ushort using " +
      "virtual volatile final native strictfp synchronized throws transient assert",
    // The generated TypeScript program's own names
    "pulumi serverscom config",
  ]
    .join(" ")
    .split(" ")
    .map((w) => w.toLowerCase()),
);

/** The longest name: long enough to read, short enough for a URN and a variable. */
const MAX_LENGTH = 60;

/** `RbsVolume` -> `rbsVolume`. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * camelCase of the words' letters and digits: "web-1.example.com" -> "web1ExampleCom". Two
 * groups of digits in a row keep an underscore between them ("10.0.0.0/29" -> "10_0_0_0_29").
 */
export function identifierOf(words: string): string {
  // Accents go (é -> e) rather than split a word in two.
  const parts =
    words
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .match(/[A-Za-z0-9]+/g) ?? [];
  let out = "";
  for (const part of parts) {
    if (out === "") out = part.toLowerCase() === part ? part : lowerFirst(part);
    else if (/[0-9]$/.test(out) && /^[0-9]/.test(part)) out += `_${part}`;
    else out += part.charAt(0).toUpperCase() + part.slice(1);
  }
  return out;
}

/** The name an object would have alone: its words, or its kind when they give nothing usable. */
export function baseName(kind: KindName, words: string): string {
  let name = identifierOf(words);
  if (name === "" || /^[0-9]/.test(name)) name = lowerFirst(kind) + (name === "" ? "" : `_${name}`);
  if (RESERVED.has(name.toLowerCase())) name += kind;
  return name.slice(0, MAX_LENGTH);
}

export interface Named {
  readonly kind: KindName;
  readonly id: string;
  readonly words: string;
}

/**
 * A unique name for every object. Objects sharing a name get their kind appended (a DNS zone and
 * a certificate for one domain); those still sharing one (two volumes named "data") get their id,
 * which is unique within a kind.
 */
export function assignNames<T extends Named>(objects: readonly T[]): Map<T, string> {
  const names = new Map<T, string>();
  for (const o of objects) names.set(o, baseName(o.kind, o.words));
  const widen = (extend: (o: T, name: string) => string) => {
    const groups = new Map<string, T[]>();
    for (const [o, name] of names) groups.set(name, [...(groups.get(name) ?? []), o]);
    for (const [name, group] of groups) {
      if (group.length < 2) continue;
      for (const o of group) names.set(o, extend(o, name));
    }
  };
  widen((o, name) => (name.endsWith(o.kind) ? name : `${name}${o.kind}`));
  widen((o, name) => `${name}_${identifierOf(o.id) || "x"}`);
  // Two ids that differ only in punctuation: numbered in the order of their ids.
  const groups = new Map<string, T[]>();
  for (const [o, name] of names) groups.set(name, [...(groups.get(name) ?? []), o]);
  for (const [name, group] of groups) {
    if (group.length < 2) continue;
    const sorted = [...group].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    sorted.forEach((o, n) => {
      names.set(o, n === 0 ? name : `${name}_${n + 1}`);
    });
  }
  return names;
}
