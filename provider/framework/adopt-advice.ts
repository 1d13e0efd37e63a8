// The words of an error that names objects for the user to adopt, in one fixed form written and
// read here: a tool that plays the user (the soak's runner, a user's own script) takes the
// candidate ids from the message by this form instead of guessing them from the prose.
//
// - one object: `set adoptId: "<id>"` (a kind's conflict, kind.ts);
// - several (late-commit.ts, a lost answer with two matching objects):
//   `appeared: "<id>", "<id>". Nothing tells which one`.
// Ids are written as JSON strings, so any character an id may hold reads back.

const ONE = /set adoptId: ("(?:[^"\\]|\\.)*")/g;
const SEVERAL = /appeared: ("(?:[^"\\]|\\.)*"(?:, "(?:[^"\\]|\\.)*")*)\. Nothing tells which one/;
const QUOTED = /"(?:[^"\\]|\\.)*"/g;

/** `set adoptId: "<id>"`: the one object a conflict names. */
export function adoptAdvice(id: string): string {
  return `set adoptId: ${JSON.stringify(id)}`;
}

/** `"<id>", "<id>"`: the objects a lost answer may have made, none of them taken. */
export function candidateList(ids: readonly string[]): string {
  return ids.map((id) => JSON.stringify(id)).join(", ");
}

/** The ids an error names for adoptId, in the order named; none when it names none. */
export function adoptCandidates(message: string): string[] {
  const out: string[] = [];
  const several = SEVERAL.exec(message);
  if (several !== null) {
    for (const quoted of several[1]?.match(QUOTED) ?? []) out.push(JSON.parse(quoted) as string);
  }
  for (const match of message.matchAll(ONE)) out.push(JSON.parse(match[1] ?? '""') as string);
  return [...new Set(out)];
}
