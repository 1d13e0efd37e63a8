// The test hooks under /_simulator/ (simulator/framework/contract.ts): advance simulated time,
// peek at stored records, drift a field, delete behind the client's back, change the account,
// count requests per route pattern, reset to the seed.
import { describe, expect, it } from "vitest";
import { SimulatedClock } from "../../simulator/framework/clock";
import { type ApiErrorBody, useTestSimulator } from "./helpers";
import { type Host, INSTALL_DONE, sbmOrder } from "./hosts-fixtures";

describe("hooks", () => {
  const sim = useTestSimulator();
  const order = async () => {
    const res = await sim().req<Host[]>("POST", "/v1/hosts/sbm_servers", sbmOrder());
    expect(res.status).toBe(202);
    const [host] = res.body;
    if (host === undefined) throw new Error("no host in the order's answer");
    return host;
  };

  it("advance moves simulated time and transitions come due", async () => {
    const host = await order();
    const before = await sim().control.now();
    await sim().advance(INSTALL_DONE);
    const after = await sim().control.now();
    expect(Date.parse(after) - Date.parse(before)).toBe(INSTALL_DONE);
    const read = await sim().req<Host>("GET", `/v1/hosts/sbm_servers/${host.id}`);
    expect(read.body.status).toBe("active");
  });

  it("advance refuses a negative or missing ms", async () => {
    expect((await sim().req("POST", "/_simulator/advance", { ms: -1 })).status).toBe(400);
    expect((await sim().req("POST", "/_simulator/advance", {})).status).toBe(400);
  });

  it("the clock hook sets the speed, 0 holding every transition; a bad speed is refused", async () => {
    expect((await sim().req("POST", "/_simulator/clock", { speed: -1 })).status).toBe(400);
    expect((await sim().req("POST", "/_simulator/clock", { speed: "fast" })).status).toBe(400);
    await sim().control.setSpeed(0);
    const host = await order();
    const read = await sim().req<Host>("GET", `/v1/hosts/sbm_servers/${host.id}`);
    expect(read.body.status).not.toBe("active");
  });

  it("setSpeed re-anchors the clock: simulated time never jumps, and moves at the new pace", () => {
    let real = 1_000;
    const clock = new SimulatedClock(0, 10, () => real);
    real += 100;
    expect(clock.now()).toBe(1_000);
    clock.setSpeed(0);
    real += 5_000;
    expect(clock.now()).toBe(1_000);
    clock.setSpeed(2);
    real += 50;
    expect(clock.now()).toBe(1_100);
    expect(() => clock.setSpeed(Number.NaN)).toThrow(RangeError);
  });

  it("peek shows internal fields that /v1 strips", async () => {
    const host = await order();
    const stored = await sim().control.peek("sbm_servers", host.id);
    expect(stored).toHaveProperty("_ssh_key_fingerprints");
    expect(await sim().control.peek("sbm_servers", "missing1")).toBeUndefined();
  });

  it("patch drifts a field behind the client's back and keeps pending transitions", async () => {
    const host = await order();
    await sim().control.patch("sbm_servers", host.id, { title: "renamed-elsewhere" });
    const read = await sim().req<Host>("GET", `/v1/hosts/sbm_servers/${host.id}`);
    expect(read.body.title).toBe("renamed-elsewhere");
    expect(read.body.status).toBe("init");
    await sim().advance(INSTALL_DONE);
    const later = await sim().req<Host>("GET", `/v1/hosts/sbm_servers/${host.id}`);
    expect(later.body).toMatchObject({ title: "renamed-elsewhere", status: "active" });
  });

  it("delete removes a record behind the client's back: GET answers 404", async () => {
    const host = await order();
    await sim().control.remove("sbm_servers", host.id);
    const read = await sim().req<ApiErrorBody>("GET", `/v1/hosts/sbm_servers/${host.id}`);
    expect(read.status).toBe(404);
    expect(read.body.code).toBe("NOT_FOUND");
  });

  it("patchAccount changes the account (no payment method)", async () => {
    const account = await sim().control.patchAccount({ payment_method: null });
    expect(account.payment_method).toBeNull();
    expect(account.storage_quota_gb).toBe(10240);
  });

  it("counts requests per METHOD and route pattern, not per concrete path; hooks are not counted", async () => {
    await sim().control.clearRequestCounts();
    const host = await order();
    await sim().req("GET", `/v1/hosts/sbm_servers/${host.id}`);
    await sim().req("GET", "/v1/hosts/sbm_servers/other123");
    await sim().control.peek("sbm_servers", host.id);
    expect(await sim().control.requestCounts()).toEqual({
      "POST /v1/hosts/sbm_servers": 1,
      "GET /v1/hosts/sbm_servers/:id": 2,
    });
  });

  it("reset goes back to the seed: orders gone, account restored, counts cleared", async () => {
    await order();
    await sim().control.patchAccount({ payment_method: null });
    await sim().control.reset();
    expect(await sim().control.records("sbm_servers")).toEqual([]);
    const account = await sim().req("GET", "/_simulator/account");
    expect(account.body).toMatchObject({ payment_method: { type: "card", last4: "4242" } });
    expect(await sim().control.requestCounts()).toEqual({});
    // The seeded catalogue and other areas' seeds are back too.
    expect((await sim().req<unknown[]>("GET", "/v1/locations")).body).toHaveLength(3);
  });
});
