// Test hooks under /_simulator/ (same bearer token, never faulted, not counted): move the clock,
// look at or change stored records behind the client's back, change the account, read request
// counts, reset to the seed, and replace the fault rules.
import { ok } from "./body";
import { type Json, SimApiError, type SimRequest, type WireRecord } from "./contract";
import type { Engine } from "./engine";
import { validateFaultOptions } from "./faults";

function objectBody(req: SimRequest): WireRecord {
  const body = req.body;
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new SimApiError(400, "BAD_REQUEST", "The body must be a JSON object");
  }
  return body as WireRecord;
}

/** The body's `field` as a finite number >= 0, or 400 BAD_REQUEST naming it. */
function nonNegativeNumber(req: SimRequest, field: string, message: string): number {
  const value = objectBody(req)[field];
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new SimApiError(400, "BAD_REQUEST", message, { params: [field] });
  }
  return value;
}

function recordOr404(engine: Engine, req: SimRequest): WireRecord {
  const { collection = "", key = "" } = req.params;
  const record = engine.store.get(collection, key);
  if (record === undefined)
    throw new SimApiError(404, "NOT_FOUND", `No record ${collection}/${key}`);
  return record;
}

function countsBody(engine: Engine): Json {
  return Object.fromEntries([...engine.counts].sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function registerHooks(engine: Engine): void {
  const r = engine.hooks;

  r.add("POST", "/_simulator/advance", (req) => {
    const ms = nonNegativeNumber(req, "ms", "ms must be a number of milliseconds >= 0");
    engine.clock.advance(ms);
    return ok({ now: engine.clock.iso() });
  });

  // The clock's speed, for tests that must hold a transition (speed 0) and then let it go.
  r.add("POST", "/_simulator/clock", (req) => {
    const speed = nonNegativeNumber(req, "speed", "speed must be a finite number >= 0");
    engine.clock.setSpeed(speed);
    return ok({ now: engine.clock.iso(), speed });
  });

  r.add("GET", "/_simulator/clock", () =>
    ok({ now: engine.clock.iso(), epoch_ms: engine.clock.now() }),
  );

  // The whole collection, internals included: how a test finds records it did not create.
  r.add("GET", "/_simulator/resources/:collection", (req) =>
    ok(engine.store.all(req.params.collection ?? "")),
  );
  r.add("GET", "/_simulator/resources/:collection/:key", (req) => ok(recordOr404(engine, req)));
  r.add("PATCH", "/_simulator/resources/:collection/:key", (req) => {
    recordOr404(engine, req);
    const { collection = "", key = "" } = req.params;
    // Pending steps stay: a drift does not cancel a transition in flight.
    return ok(engine.store.update(collection, key, objectBody(req)));
  });
  r.add("DELETE", "/_simulator/resources/:collection/:key", (req) => {
    recordOr404(engine, req);
    engine.store.remove(req.params.collection ?? "", req.params.key ?? "");
    return { status: 204 };
  });

  r.add("GET", "/_simulator/account", () => ok(engine.store.account));
  r.add("PATCH", "/_simulator/account", (req) => {
    Object.assign(engine.store.account, structuredClone(objectBody(req)));
    return ok(engine.store.account);
  });

  r.add("GET", "/_simulator/requests", () => ok(countsBody(engine)));
  r.add("DELETE", "/_simulator/requests", () => {
    engine.counts.clear();
    return { status: 204 };
  });

  r.add("POST", "/_simulator/reset", () => {
    engine.reset();
    return ok({ now: engine.clock.iso() });
  });

  r.add("PUT", "/_simulator/faults", (req) => {
    try {
      engine.setFaults(validateFaultOptions(objectBody(req)));
    } catch (error) {
      if (error instanceof RangeError) throw new SimApiError(400, "BAD_REQUEST", error.message);
      throw error;
    }
    return { status: 204 };
  });
}
