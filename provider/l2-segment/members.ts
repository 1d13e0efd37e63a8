// L2 segment members as the resource sees them: the program lists {id, mode} pairs in any order,
// the API answers member records (title, vlan, status...) in its own order. A member list is
// therefore a set of pairs: compared without order, shown sorted by id.
import type { L2Member, L2MemberMode } from "../../sdk/areas/l2-segments";
import { type Checker, shown } from "../framework/check";
import { isUnknown } from "../framework/unknowns";

const MODES: readonly string[] = ["native", "trunk"] satisfies readonly L2MemberMode[];

/** One member as the program declares it. */
export interface L2MemberSpec {
  /** The id of a dedicated server in one of the location group's locations. */
  readonly id: string;
  readonly mode: L2MemberMode;
}

/** One member as the resource outputs it (the member record, without labels and dates). */
export interface L2MemberOutput {
  /** The member server's id. */
  readonly id: string;
  /** `native` or `trunk`. */
  readonly mode: string;
  /** The server's title. */
  readonly title: string;
  /** The segment's VLAN for a trunk member; null for a native one. */
  readonly vlan: number | null;
  /** The member's status as the API reports it. */
  readonly status: string;
}

/** The member records in the outputs' form, sorted by id so that the API's order never shows. */
export function memberOutputs(members: readonly L2Member[]): L2MemberOutput[] {
  return [...members]
    .sort((a, b) => compareIds(a.id, b.id))
    .map((member) => ({
      id: member.id,
      mode: member.mode,
      title: member.title,
      vlan: member.vlan,
      status: member.status,
    }));
}

/** The live members as inputs: {id, mode} sorted by id. */
export function memberSpecsOf(members: readonly L2Member[]): { id: string; mode: string }[] {
  return memberOutputs(members).map(({ id, mode }) => ({ id, mode }));
}

/**
 * Whether the declared members (the input) are the live ones (the output): the same servers in
 * the same modes, in any order. Anything that is not a list of {id, mode} differs.
 */
export function sameMembers(desired: unknown, live: unknown): boolean {
  const wanted = pairs(desired);
  const actual = pairs(live);
  if (wanted === undefined || actual === undefined || wanted.size !== actual.size) return false;
  for (const pair of wanted) if (!actual.has(pair)) return false;
  return true;
}

function pairs(value: unknown): Set<string> | undefined {
  if (!Array.isArray(value)) return undefined;
  const out = new Set<string>();
  for (const entry of value) {
    if (typeof entry !== "object" || entry === null) return undefined;
    const { id, mode } = entry as { id?: unknown; mode?: unknown };
    // JSON keeps the two apart: no id can fake another pair by containing a separator.
    out.add(JSON.stringify([id, mode]));
  }
  return out;
}

/**
 * The rules for `members`: a non-empty list of {id, mode}, each id a non-empty string listed
 * once, each mode native or trunk. Entries or fields unknown during preview are skipped.
 */
export function checkMembers(c: Checker): void {
  const value = c.news.members;
  if (value === undefined || value === null) {
    c.fail("members", "members is required: list at least one dedicated server as {id, mode}");
    return;
  }
  if (isUnknown(value)) return;
  if (!Array.isArray(value) || value.length === 0) {
    c.fail("members", "members must be a non-empty list of {id, mode}");
    return;
  }
  const seen = new Set<string>();
  value.forEach((entry: unknown, index) => {
    const at = `members[${index}]`;
    if (isUnknown(entry)) return;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
      c.fail("members", `${at} must be an object {id, mode} (got ${shown(entry)})`);
      return;
    }
    const { id, mode } = entry as { id?: unknown; mode?: unknown };
    if (!isUnknown(id)) {
      if (typeof id !== "string" || id.trim() === "") {
        c.fail("members", `${at}.id must be a dedicated server id (got ${shown(id)})`);
      } else if (seen.has(id)) {
        c.fail(
          "members",
          `${at}.id: the server ${id} is listed twice (a server joins a segment once)`,
        );
      } else {
        seen.add(id);
      }
    }
    if (!isUnknown(mode) && (typeof mode !== "string" || !MODES.includes(mode))) {
      c.fail("members", `${at}.mode must be native or trunk (got ${shown(mode)})`);
    }
  });
}

/** Ids compared as the API's opaque strings: plain code-unit order, the same on every machine. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
