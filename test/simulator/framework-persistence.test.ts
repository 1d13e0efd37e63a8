// Persistence (the `stateFile` option): every change is written atomically; a restart resumes
// the records, the simulated clock and the transitions in flight.
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSimulator } from "../../simulator";
import { startTestSimulator } from "./helpers";
import { type Host, INSTALL_DONE, INSTALLED, MINUTE, sbmOrder } from "./hosts-fixtures";

describe("a restart with the same state file resumes the state", () => {
  let dir: string;
  let stateFile: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "sim-state-"));
    stateFile = join(dir, "state.json");
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps the record and completes its transition in flight", async () => {
    const first = await startTestSimulator({ stateFile });
    const created = await first.req<Host[]>("POST", "/v1/hosts/sbm_servers", sbmOrder());
    const id = created.body[0]?.id ?? "";
    await first.advance(MINUTE);
    const clockBefore = await first.control.now();
    await first.close();

    // Another start time: ignored, the saved clock wins.
    const second = await startTestSimulator({ stateFile, startTime: "2030-01-01T00:00:00Z" });
    try {
      expect(await second.control.now()).toBe(clockBefore);
      const read = await second.req<Host>("GET", `/v1/hosts/sbm_servers/${id}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ title: "sbm1.example.com", status: "init" });
      await second.advance(INSTALL_DONE);
      const done = await second.req<Host>("GET", `/v1/hosts/sbm_servers/${id}`);
      expect(done.body).toMatchObject(INSTALLED);
    } finally {
      await second.close();
    }
  });

  it("writes every change before answering, through a temporary file renamed over the old one", async () => {
    const sim = await startTestSimulator({ stateFile });
    try {
      await sim.req("POST", "/v1/hosts/sbm_servers", sbmOrder());
      // Read while the simulator runs: the answer came after the write.
      const saved = JSON.parse(await readFile(stateFile, "utf8")) as {
        format: string;
        store: { collections: { sbm_servers: Record<string, unknown> } };
      };
      expect(saved.format).toBe("serverscom-simulator-state");
      expect(Object.keys(saved.store.collections.sbm_servers)).toHaveLength(1);
      expect((await readdir(dir)).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    } finally {
      await sim.close();
    }
  });

  it("keeps the account and the other areas' seed across restarts", async () => {
    const first = await startTestSimulator({ stateFile });
    await first.control.patchAccount({ payment_method: null });
    await first.close();
    const second = await startTestSimulator({ stateFile });
    try {
      const account = await second.req<{ payment_method: unknown }>("GET", "/_simulator/account");
      expect(account.body.payment_method).toBeNull();
      expect((await second.req<unknown[]>("GET", "/v1/locations")).body).toHaveLength(3);
    } finally {
      await second.close();
    }
  });

  it("keeps its random token, unless --token says otherwise", async () => {
    const first = await startSimulator({ stateFile });
    const token = first.token;
    await first.close();
    const second = await startSimulator({ stateFile });
    expect(second.token).toBe(token);
    const answer = await fetch(`${second.url}/v1/locations`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    await second.close();
    const third = await startSimulator({ stateFile, token: "chosen-token" });
    expect(third.token).toBe("chosen-token");
    await third.close();
    // Without a state file, every start has a token of its own.
    const [a, b] = await Promise.all([startSimulator(), startSimulator()]);
    expect(a.token).not.toBe(b.token);
    await Promise.all([a.close(), b.close()]);
  });

  it("refuses a state file it cannot read instead of overwriting it", async () => {
    await writeFile(stateFile, "{ this is not state");
    await expect(startSimulator({ stateFile })).rejects.toThrow(/not valid JSON/);
    await writeFile(stateFile, JSON.stringify({ format: "something-else", version: 1 }));
    await expect(startSimulator({ stateFile })).rejects.toThrow(/serverscom-simulator-state/);
    expect(await readFile(stateFile, "utf8")).toContain("something-else");
  });

  // Valid JSON of the right format, but the wrong structure (issue 13): refused at start, the
  // message naming the file and the place, the file left as it was.
  const valid = {
    format: "serverscom-simulator-state",
    version: 1,
    clockNow: 1_700_000_000_000,
    store: { collections: {}, account: {}, flags: {} },
  };
  it.each([
    ["no store", { ...valid, store: undefined }, /store must be an object/],
    ["no collections", { ...valid, store: { account: {}, flags: {} } }, /store\.collections must/],
    [
      "a collection that is a number",
      { ...valid, store: { ...valid.store, collections: { ssh_keys: 3 } } },
      /store\.collections\["ssh_keys"\] must be an object/,
    ],
    [
      "a record without steps",
      { ...valid, store: { ...valid.store, collections: { ssh_keys: { K1: { record: {} } } } } },
      /store\.collections\["ssh_keys"\]\["K1"\]\.steps must be an array/,
    ],
    [
      "a step without its due time",
      {
        ...valid,
        store: { ...valid.store, collections: { ssh_keys: { K1: { record: {}, steps: [{}] } } } },
      },
      /steps\[0\]\.dueAt must be a number/,
    ],
    ["a clock that is text", { ...valid, clockNow: "now" }, /clockNow must be a number/],
    ["flags an array", { ...valid, store: { ...valid.store, flags: [] } }, /store\.flags must/],
  ])(
    "refuses a state file with %s, naming the file, and keeps it",
    async (_title, content, problem) => {
      const text = JSON.stringify(content);
      await writeFile(stateFile, text);
      const start = startSimulator({ stateFile });
      await expect(start).rejects.toThrow(problem);
      await expect(start).rejects.toThrow(stateFile);
      expect(await readFile(stateFile, "utf8")).toBe(text);
    },
  );

  it("starts from a structurally valid empty state", async () => {
    await writeFile(stateFile, JSON.stringify(valid));
    const sim = await startSimulator({ stateFile });
    await sim.close();
  });
});
