// How lookups by name decide (no API involved): case-insensitive exact names first, then the
// query as whole words of a name, and the close matches of the error ranked by the edit distance
// to the nearest part of each name.
import { describe, expect, it } from "vitest";
import { substringDistance } from "../../provider/functions/framework/distance";
import { AmbiguousMatchError, NoMatchError } from "../../provider/functions/framework/errors";
import {
  type Candidate,
  containsWords,
  normaliseName,
  pickByName,
} from "../../provider/functions/framework/match";

function candidates(...names: string[]): Candidate<string>[] {
  return names.map((name, i) => ({ item: name, names: [name], label: name, id: i + 1 }));
}

const systems = candidates(
  "Ubuntu 22.04-server x86_64",
  "Ubuntu 24.04-server x86_64",
  "Debian 12 x86_64",
  "Rocky Linux 9 x86_64",
);

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error("expected no single match");
}

describe("the edit distance to the nearest part of a name", () => {
  it("counts the edits between the query and the closest substring", () => {
    expect(substringDistance("ubuntu", "ubuntu 24.04-server x86_64")).toBe(0);
    expect(substringDistance("ubunto 24.04", "ubuntu 24.04-server x86_64")).toBe(1);
    expect(substringDistance("ubunto 24.04", "ubuntu 22.04-server x86_64")).toBe(2);
    expect(substringDistance("ams9", "ams1")).toBe(1);
    expect(substringDistance("", "anything")).toBe(0);
    // A query longer than the name costs at least the difference in length.
    expect(substringDistance("amsterdam-one", "ams1")).toBeGreaterThanOrEqual(9);
  });
});

describe("names as lookups compare them", () => {
  it("ignores case and repeated or surrounding white space", () => {
    expect(normaliseName("  Ubuntu   24.04 ")).toBe("ubuntu 24.04");
  });

  it("finds the query as whole words only", () => {
    expect(containsWords("ubuntu 24.04-server x86_64", "ubuntu 24.04")).toBe(true);
    expect(containsWords("ubuntu 24.04-server x86_64", "24.04")).toBe(true);
    expect(containsWords("ubuntu 24.04-server x86_64", "buntu")).toBe(false);
    expect(containsWords("node-10.example.com", "node-1")).toBe(false);
    expect(containsWords("node-1.example.com", "node-1")).toBe(true);
    // A query that itself ends in a separator needs no boundary after it.
    expect(containsWords("sbm-private-01", "sbm-")).toBe(true);
    expect(containsWords("anything", "")).toBe(false);
  });
});

describe("picking one candidate by name", () => {
  const query = { fn: "getThing", what: "operating system", mode: "words" } as const;

  it("prefers an exact name to names that contain it", async () => {
    const items = candidates("example.com", "api.example.com");
    expect(await pickByName({ ...query, query: "EXAMPLE.COM" }, items)).toBe("example.com");
  });

  it("takes the query as whole words of one name", async () => {
    expect(await pickByName({ ...query, query: "rocky" }, systems)).toBe("Rocky Linux 9 x86_64");
  });

  it("matches whole names only in exact mode", async () => {
    const error = await failure(pickByName({ ...query, mode: "exact", query: "rocky" }, systems));
    expect(error).toBeInstanceOf(NoMatchError);
    expect(error.message).toBe(
      'getThing: no operating system matches "rocky"; close matches: Rocky Linux 9 x86_64',
    );
  });

  it("refuses a query several names fit, naming them with their ids", async () => {
    const error = await failure(pickByName({ ...query, query: "x86_64" }, systems));
    expect(error).toBeInstanceOf(AmbiguousMatchError);
    expect(error.message).toBe(
      'getThing: "x86_64" matches 4 operating systems: Ubuntu 22.04-server x86_64 (id 1), ' +
        "Ubuntu 24.04-server x86_64 (id 2), Debian 12 x86_64 (id 3), Rocky Linux 9 x86_64 (id 4); " +
        "give the id or the full name",
    );
  });

  it("ranks close matches by distance and lists at most five", async () => {
    const many = candidates(
      ...Array.from({ length: 6 }, (_, i) => `web-server-0${i + 1}`),
      "db-server-01",
    );
    const error = await failure(pickByName({ ...query, query: "web-servr-03" }, many));
    // One edit from web-server-03, two from the other web servers (ties in list order).
    expect((error as NoMatchError).closeMatches).toEqual([
      "web-server-03",
      "web-server-01",
      "web-server-02",
      "web-server-04",
      "web-server-05",
    ]);
  });

  it("says where it looked, and lists what exists when nothing is close", async () => {
    const where = async () => " in location AMS1";
    const error = await failure(pickByName({ ...query, query: "Windows", where }, systems));
    expect(error.message).toBe(
      'getThing: no operating system matches "Windows" in location AMS1; available: ' +
        "Ubuntu 22.04-server x86_64, Ubuntu 24.04-server x86_64, Debian 12 x86_64, " +
        "Rocky Linux 9 x86_64",
    );
    const none = await failure(pickByName({ ...query, query: "Windows" }, []));
    expect(none.message).toBe('getThing: no operating system matches "Windows"; there are none');
  });

  it("cuts long lists of names with how many more there are", async () => {
    const hosts = candidates(...Array.from({ length: 8 }, (_, i) => `node-${i}.example.com`));
    const error = await failure(pickByName({ ...query, what: "host", query: "example" }, hosts));
    expect(error.message).toMatch(/node-4\.example\.com \(id 5\) and 3 more; give the id/);
  });
});
