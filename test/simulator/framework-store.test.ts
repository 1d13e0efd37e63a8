// The store and the clock, without HTTP: lazy steps applied exactly on time, held steps until
// release, immutable records, updated_at stamped at the moment of the change.
import { describe, expect, it } from "vitest";
import { SimulatedClock } from "../../simulator/framework/clock";
import { MemoryStore } from "../../simulator/framework/store";

function setup(start = Date.parse("2026-01-05T10:00:00.000Z")) {
  let real = 0;
  const clock = new SimulatedClock(start, 10, () => real);
  const store = new MemoryStore(clock);
  const tick = (ms: number) => {
    real += ms;
  };
  return { clock, store, tick };
}

const at = "2026-01-05T10:00:00.000Z";

describe("the clock", () => {
  it("runs at speed times real time, plus advances", () => {
    const { clock, tick } = setup();
    tick(100);
    expect(clock.iso()).toBe("2026-01-05T10:00:01.000Z");
    clock.advance(60_000);
    expect(clock.iso()).toBe("2026-01-05T10:01:01.000Z");
  });

  it("stands still at speed 0 except for advances", () => {
    let real = 0;
    const clock = new SimulatedClock(0, 0, () => real);
    real += 10_000;
    expect(clock.now()).toBe(0);
    clock.advance(5);
    expect(clock.now()).toBe(5);
  });

  it("refuses a negative speed", () => {
    expect(() => new SimulatedClock(0, -1)).toThrow(RangeError);
  });
});

describe("steps apply lazily, exactly when due", () => {
  it("applies steps in order as time passes, stamping updated_at with the due time", () => {
    const { clock, store } = setup();
    store.insert("things", { id: "a", status: "one", created_at: at, updated_at: at }, [
      { afterMs: 1000, set: { status: "two" } },
      { afterMs: 3000, set: { status: "three" } },
    ]);
    expect(store.get("things", "a")?.status).toBe("one");
    clock.advance(999);
    expect(store.get("things", "a")?.status).toBe("one");
    clock.advance(1);
    expect(store.get("things", "a")).toMatchObject({
      status: "two",
      updated_at: "2026-01-05T10:00:01.000Z",
    });
    clock.advance(5000);
    expect(store.all("things")[0]).toMatchObject({
      status: "three",
      updated_at: "2026-01-05T10:00:03.000Z",
    });
    expect(store.pending("things", "a")).toEqual([]);
  });

  it("removes a record with a remove step", () => {
    const { clock, store } = setup();
    store.insert("things", { id: "a" }, [{ afterMs: 10, remove: true }]);
    clock.advance(10);
    expect(store.get("things", "a")).toBeUndefined();
    expect(store.all("things")).toEqual([]);
  });

  it("update replaces pending steps when given some, keeps them otherwise; schedule appends", () => {
    const { clock, store } = setup();
    store.insert("things", { id: "a", n: 0 }, [{ afterMs: 100, set: { n: 1 } }]);
    store.update("things", "a", { m: 1 });
    expect(store.pending("things", "a")).toEqual([{ afterMs: 100, set: { n: 1 } }]);
    store.schedule("things", "a", [{ afterMs: 50, set: { n: 2 } }]);
    expect(store.pending("things", "a").map((s) => s.afterMs)).toEqual([50, 100]);
    store.update("things", "a", {}, [{ afterMs: 10, set: { n: 3 } }]);
    clock.advance(1000);
    expect(store.get("things", "a")?.n).toBe(3);
  });

  it("does not add updated_at to records without one (catalogue entries)", () => {
    const { store } = setup();
    store.insert("catalogue", { id: 1, name: "x" });
    expect(store.update("catalogue", "1", { name: "y" })).toEqual({ id: 1, name: "y" });
  });

  it("answers 404 for a write to a record that is gone", () => {
    const { store } = setup();
    expect(() => store.update("things", "nope", {})).toThrow(/not found/);
  });
});

describe("held steps (the holdTransitions fault) wait for release, then take the time they had left", () => {
  it("holds what a held handler schedules, and only that, past any due time", () => {
    const { clock, store } = setup();
    const made = store.holdingSteps(() =>
      store.insert("things", { id: "held", status: "one" }, [
        { afterMs: 1000, set: { status: "two" } },
      ]),
    );
    expect(made.status).toBe("one");
    store.insert("things", { id: "free", status: "one" }, [
      { afterMs: 1000, set: { status: "two" } },
    ]);
    clock.advance(600_000);
    expect(store.get("things", "free")?.status).toBe("two");
    expect(store.get("things", "held")?.status).toBe("one");
    // Steps given to a held record later are held with it, from where its time stopped.
    store.schedule("things", "held", [{ afterMs: 2000, set: { status: "three" } }]);
    expect(store.pending("things", "held").map((s) => s.afterMs)).toEqual([1000, 2000]);
    store.release();
    expect(store.pending("things", "held").map((s) => s.afterMs)).toEqual([1000, 2000]);
    clock.advance(999);
    expect(store.get("things", "held")?.status).toBe("one");
    clock.advance(1);
    expect(store.get("things", "held")?.status).toBe("two");
    clock.advance(1000);
    expect(store.get("things", "held")?.status).toBe("three");
  });

  it("a snapshot writes held steps as released: a restart ends the hold", () => {
    const { clock, store } = setup();
    store.holdingSteps(() =>
      store.insert("things", { id: "a", status: "one" }, [
        { afterMs: 500, set: { status: "two" } },
      ]),
    );
    clock.advance(10_000);
    const copy = new MemoryStore(clock);
    copy.restore(JSON.parse(JSON.stringify(store.snapshot())));
    expect(copy.get("things", "a")?.status).toBe("one");
    clock.advance(500);
    expect(copy.get("things", "a")?.status).toBe("two");
    expect(store.get("things", "a")?.status).toBe("one");
  });
});

describe("stored records are immutable", () => {
  it("throws on an attempt to change a record that was read, nested objects included", () => {
    const { store } = setup();
    const record = store.insert("things", { id: "a", labels: { env: "x" } });
    expect(() => {
      (record as Record<string, unknown>).id = "b";
    }).toThrow(TypeError);
    const read = store.get("things", "a");
    expect(() => {
      (read?.labels as Record<string, unknown>).env = "y";
    }).toThrow(TypeError);
  });

  it("copies what it stores: the caller's object stays the caller's", () => {
    const { store } = setup();
    const mine = { id: "a", labels: { env: "x" } };
    store.insert("things", mine);
    mine.labels.env = "changed";
    expect(store.get("things", "a")?.labels).toEqual({ env: "x" });
  });
});

describe("snapshots", () => {
  it("round-trip records, steps (as absolute due times), account and flags", () => {
    const { clock, store } = setup();
    store.insert("things", { id: "a", status: "one" }, [{ afterMs: 500, set: { status: "two" } }]);
    store.account.quota = 5;
    store.flags.counter = 2;
    const copy = new MemoryStore(clock);
    copy.restore(JSON.parse(JSON.stringify(store.snapshot())));
    expect(copy.account).toEqual({ quota: 5 });
    expect(copy.flags).toEqual({ counter: 2 });
    clock.advance(500);
    expect(copy.get("things", "a")?.status).toBe("two");
  });
});
