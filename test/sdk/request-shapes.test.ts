// Every row of request-shapes.ts, run against a recording double (support-wire.ts): the call
// sends exactly one request of that method, path, query and body, and resolves to the record
// the answer holds. And every method of every area of the client has a row, so a new method
// cannot go untested on the wire.
import { describe, expect, it } from "vitest";
import { InputValidationError, ServersComClient } from "../../sdk";
import {
  type Refusal,
  type RequestShape,
  refusals,
  requestShapes,
  withoutRow,
} from "./request-shapes";
import { useWireBed } from "./support-wire";

const ORIGIN = "https://api.example.test";

/** `VERB /path?query` as the double records a request. */
function expected(row: RequestShape) {
  const [method, target] = row.sends.split(" ");
  const url = new URL(target ?? "", ORIGIN);
  return {
    method,
    pathname: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body: row.body,
  };
}

function call(client: ServersComClient, row: RequestShape | Refusal): PromiseLike<unknown> {
  const api = (client as unknown as Record<string, Record<string, unknown>>)[row.area];
  const method = api?.[row.method];
  if (typeof method !== "function") throw new Error(`no method ${row.area}.${row.method}`);
  return Reflect.apply(method, api, [...row.args]) as PromiseLike<unknown>;
}

function isPage(value: unknown): value is { items: unknown[] } {
  return typeof value === "object" && value !== null && "items" in value && "links" in value;
}

/** The public methods of each area of a client, read off the areas' prototype chains. */
function areaMethods(client: ServersComClient): string[] {
  const names: string[] = [];
  for (const [area, api] of Object.entries(client)) {
    for (let proto = Object.getPrototypeOf(api); proto !== Object.prototype; ) {
      for (const name of Object.getOwnPropertyNames(proto)) {
        if (name !== "constructor" && typeof api[name] === "function") {
          names.push(`${area}.${name}`);
        }
      }
      proto = Object.getPrototypeOf(proto);
    }
  }
  return [...new Set(names)].sort();
}

const label = (row: RequestShape) =>
  `${row.area}.${row.method}${row.case === undefined ? "" : ` (${row.case})`}: ${row.sends}`;

describe("each SDK call's request and the record it parses", () => {
  const bed = useWireBed();

  it.each(requestShapes.map((row) => [label(row), row] as const))("%s", async (_, row) => {
    bed().answer(row.reply === undefined ? 204 : 200, row.reply);
    const result = await call(bed().client, row);
    expect(bed().sent).toEqual([expected(row)]);
    // Lists resolve to a page; the other verbs to the parsed body (nothing after a 204).
    expect(isPage(result) ? result.items : result).toEqual(row.parses ?? row.reply);
  });

  it("every method of every area has a row, or a stated reason in withoutRow", () => {
    const rows = new Set(requestShapes.map((row) => `${row.area}.${row.method}`));
    const methods = areaMethods(bed().client);
    expect(methods.filter((name) => !rows.has(name) && !(name in withoutRow))).toEqual([]);
    // The table names no method the client lacks, and withoutRow no method that has a row.
    expect([...rows].filter((name) => !methods.includes(name))).toEqual([]);
    expect(
      Object.keys(withoutRow).filter((name) => rows.has(name) || !methods.includes(name)),
    ).toEqual([]);
  });
});

describe("local checks refuse bad input before any request is sent", () => {
  const bed = useWireBed();

  it.each(refusals.map((row) => [`${row.area}.${row.method} ${row.case}`, row] as const))(
    "%s",
    async (_, row) => {
      // An answer stands ready: if the call sent anything, it would be consumed and recorded.
      bed().answer(200, {});
      const error: unknown = await call(bed().client, row).then(
        () => undefined,
        (rejection: unknown) => rejection,
      );
      expect(error).toBeInstanceOf(InputValidationError);
      expect((error as InputValidationError).field).toBe(row.refuses);
      expect(bed().sent).toEqual([]);
      expect(bed().pending()).toBe(1);
    },
  );
});
