// Fleet: the requests a fleet of N SBM servers costs from order to settled (10-minute
// provisioning), and whether it stays within the API's rate limit (issue 19).
//
// Three schedules, each against the simulator at speed 0 enforcing a budget of 2,000 requests per
// hour (the stricter reading of the API's limit, docs/wire.md), on virtual time:
// - today: the provider before issue 19: each server ordered alone (SERVERSCOM_ORDER_BATCH=off),
//   each resource's wait polling with its own GET (SERVERSCOM_READ_SNAPSHOT=off turns the shared
//   waits off) and no request budget;
// - terraform: the Terraform provider's schedule, computed by running it: one POST with all N
//   hosts (its servers_collector batches identical orders), then a GET per server every 10 s until
//   the server is active; a refused GET is simply a failed poll (no client-side budget);
// - ours: the provider as it is: SBM orders of the same body batched (order-batch.ts), waits
//   sharing list rounds (shared-polls.ts), every request within the client's request budget
//   (rate-limit.ts).
// The provider's N creates run concurrently through the real kind provider (lifecycle.ts), as the
// engine would at --parallel N or more.
//
// Virtual time: every sleep (the waits', the retries', the budget's) is a timer of one virtual
// clock; when no request is in flight (counted on undici's diagnostics channels) and the event
// loop has turned, the clock jumps to the next timer and the simulator is advanced as far. The
// figures are thus exact and reproducible (seeded jitter), whatever the machine's load.
//
// Printed: requests per server, 429s and the virtual time to settle the fleet (Terraform's
// schedule both without a limit, its own cost, and under the budget, where refused polls repeat
// until the window resets); a RATIO line of Terraform's requests (without a limit) over ours at
// N = 50 (goal at least 10x); our time against today's (goal no
// later); and at N = 200 under the budget, 0 failed requests for ours.
//
// Runs standalone (`node bench/fleet.mjs` after `npm run build`) or from run.mjs (main()).
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { loadSamples, QUICK } from "./lib.mjs";

const require = createRequire(import.meta.url);
const dist = (path) => require(`../dist/${path}`);

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const PROVISIONING_MS = 10 * MINUTE;
const BUDGET = { limit: 2000, windowSeconds: 3600 };
const FLEETS = QUICK ? [1, 10] : [1, 10, 50, 200];
const RATIO_AT = QUICK ? 10 : 50;
const START = Date.parse("2026-06-01T00:00:00Z");

/** Requests and 429s seen on the wire (the simulator's hooks left out), and those in flight. */
function wireCounter() {
  const counts = { requests: 0, refused: 0, inFlight: 0 };
  const api = (message) => !String(message.request?.path ?? "").startsWith("/_simulator");
  const onCreate = (message) => {
    counts.inFlight += 1;
    if (api(message)) counts.requests += 1;
  };
  const onHeaders = (message) => {
    if (api(message) && message.response?.statusCode === 429) counts.refused += 1;
  };
  const onEnd = () => {
    counts.inFlight -= 1;
  };
  const channels = [
    ["undici:request:create", onCreate],
    ["undici:request:headers", onHeaders],
    ["undici:request:trailers", onEnd],
    ["undici:request:error", onEnd],
  ];
  for (const [name, fn] of channels) subscribe(name, fn);
  return {
    counts,
    stop: () => {
      for (const [name, fn] of channels) unsubscribe(name, fn);
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** One virtual clock for every sleeper; the simulator follows it. */
class VirtualTime {
  #timers = [];
  #seq = 0;
  t = 0;
  constructor(sim, wire) {
    this.sim = sim;
    this.wire = wire;
  }
  now = () => this.t;
  epoch = () => START + this.t;
  sleep = (ms) =>
    new Promise((resolve) => {
      this.#timers.push({ due: this.t + Math.max(0, ms), seq: this.#seq++, resolve });
    });

  /** Runs `work` to its end, moving time whenever everything waits on it. */
  async run(work) {
    let done = false;
    let failure;
    const result = work().then(
      (value) => {
        done = true;
        return value;
      },
      (error) => {
        done = true;
        failure = error;
      },
    );
    let idleRounds = 0;
    while (!done) {
      await this.#quiet();
      if (done) break;
      if (this.#timers.length === 0) {
        // Nothing to wake and nothing in flight: something waits on real time; let it.
        if (++idleRounds > 2_000) throw new Error("the fleet stalled: nothing to wake");
        await new Promise((resolve) => setTimeout(resolve, 1));
        continue;
      }
      idleRounds = 0;
      this.#timers.sort((a, b) => a.due - b.due || a.seq - b.seq);
      const due = this.#timers[0].due;
      if (due > this.t) {
        await this.sim.control.advance(due - this.t);
        this.t = due;
      }
      const ready = this.#timers.filter((timer) => timer.due <= this.t);
      this.#timers = this.#timers.filter((timer) => timer.due > this.t);
      for (const timer of ready) timer.resolve();
    }
    const value = await result;
    if (failure !== undefined) throw failure;
    return value;
  }

  /** Until nothing is in flight for a few turns of the event loop. */
  async #quiet() {
    for (let calm = 0; calm < 4; ) {
      await turn();
      calm = this.wire.counts.inFlight === 0 ? calm + 1 : 0;
    }
  }
}

async function withFleet(run, budget = true) {
  const { startSimulator } = dist("simulator/index.js");
  const sim = await startSimulator({
    speed: 0,
    startTime: START,
    durations: { sbm_install: PROVISIONING_MS },
    ...(budget ? { rateLimit: BUDGET } : {}),
  });
  const wire = wireCounter();
  const time = new VirtualTime(sim, wire);
  try {
    return await run(sim, time, wire);
  } finally {
    wire.stop();
    await sim.close();
  }
}

/** The provider's N concurrent creates; `shared` turns on the shared waits and the budget. */
async function provider(n, shared) {
  const { ServersComClient } = dist("sdk/client.js");
  const { createKindProvider } = dist("provider/framework/lifecycle.js");
  const { OWNER_INPUT } = dist("provider/framework/hidden.js");
  const { ownerLabelValue } = dist("provider/framework/ownership.js");
  const { typeToken } = dist("provider/framework/resource.js");
  const { sbmServerKind } = dist("provider/sbm-server/definition.js");
  const { seededRandom } = dist("simulator/framework/faults.js");
  const saved = {
    SERVERSCOM_READ_SNAPSHOT: process.env.SERVERSCOM_READ_SNAPSHOT,
    SERVERSCOM_ORDER_BATCH: process.env.SERVERSCOM_ORDER_BATCH,
  };
  if (!shared) {
    process.env.SERVERSCOM_READ_SNAPSHOT = "off";
    process.env.SERVERSCOM_ORDER_BATCH = "off";
  }
  try {
    return await withFleet(async (sim, time, wire) => {
      const client = new ServersComClient({
        token: sim.token,
        baseUrl: sim.url,
        retry: { now: time.epoch, sleep: (ms) => time.sleep(ms), random: seededRandom(n) },
        ...(shared ? {} : { rateLimit: false }),
      });
      const kind = createKindProvider(sbmServerKind, {
        client: () => client,
        progress: () => {},
        waitTuning: () => ({
          clock: { now: time.now, sleep: time.sleep },
          random: seededRandom(n),
        }),
      });
      let failed = 0;
      try {
        await time.run(() =>
          Promise.all(
            Array.from({ length: n }, (_, i) => {
              const name = `fleet-${i}`;
              const owner = ownerLabelValue({
                project: "bench",
                stack: "fleet",
                type: typeToken("SbmServer"),
                name,
                parent: "",
              });
              return kind
                .create({
                  __provider: "bench",
                  [OWNER_INPUT]: owner,
                  hostname: `${name}.example.com`,
                  ...loadSamples().SBM_SERVER,
                })
                .catch(() => {
                  failed += 1;
                });
            }),
          ),
        );
      } finally {
        await client.close();
      }
      return { ...wire.counts, failed, ms: time.t };
    });
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** Terraform's schedule: one batched POST, then a GET per server every 10 s until active. */
async function terraform(n, budget) {
  const { ServersComClient } = dist("sdk/client.js");
  const { sbmServerKind } = dist("provider/sbm-server/definition.js");
  const sample = loadSamples().SBM_SERVER;
  return withFleet(async (sim, time, wire) => {
    const client = new ServersComClient({
      token: sim.token,
      baseUrl: sim.url,
      maxRetries: 0,
      rateLimit: false,
    });
    let failed = 0;
    try {
      await time.run(async () => {
        const records = await client.sbmServers.create({
          location_id: sample.locationId,
          sbm_flavor_model_id: sample.sbmFlavorModelId,
          operating_system_id: sample.operatingSystemId,
          hosts: Array.from({ length: n }, (_, i) => ({ hostname: `tf-${i}.example.com` })),
        });
        await Promise.all(
          records.map(async (record) => {
            for (;;) {
              await time.sleep(10 * SECOND);
              try {
                const live = await sbmServerKind.get(client, record.id);
                if (live !== undefined && sbmServerKind.isReady(live)) return;
              } catch {
                failed += 1;
              }
            }
          }),
        );
      });
    } finally {
      await client.close();
    }
    return { ...wire.counts, failed, ms: time.t };
  }, budget);
}

const perServer = (result, n) => (result.requests / n).toFixed(1);
const minutes = (ms) => `${(ms / MINUTE).toFixed(1)} min`;

export async function runFleet() {
  const rows = [];
  for (const n of FLEETS) {
    rows.push({
      n,
      today: await provider(n, false),
      // Its schedule's own cost (no limit), and what the budget's refusals add to it.
      terraform: await terraform(n, false),
      terraformBudget: await terraform(n, true),
      ours: await provider(n, true),
    });
  }
  return rows;
}

export async function main() {
  console.log(
    "\nfleet: N SBM servers ordered and settled (10-minute provisioning, virtual time), under a simulated budget of 2,000 requests/hour",
  );
  console.log(
    "   N | today req/server  429s  time     | terraform req/server (under budget)  429s | ours req/server  429s  failed  time",
  );
  const rows = await runFleet();
  for (const { n, today, terraform: tf, terraformBudget: tfb, ours } of rows) {
    console.log(
      `${String(n).padStart(4)} | ${perServer(today, n).padStart(16)} ${String(today.refused).padStart(5)}  ${minutes(today.ms).padEnd(8)} | ${perServer(tf, n).padStart(20)} ${`(${perServer(tfb, n)})`.padStart(14)} ${String(tfb.refused).padStart(5)} | ${perServer(ours, n).padStart(15)} ${String(ours.refused).padStart(5)} ${String(ours.failed).padStart(7)}  ${minutes(ours.ms)}`,
    );
  }
  const at = rows.find((row) => row.n === RATIO_AT);
  if (at !== undefined) {
    console.log(
      `RATIO fleet-requests ${(at.terraform.requests / at.ours.requests).toFixed(1)}x (Terraform's requests over ours at N = ${RATIO_AT}; goal >= 10x)`,
    );
    console.log(
      `RATIO fleet-time ${(at.ours.ms / at.today.ms).toFixed(2)}x (our time to settle over today's at N = ${RATIO_AT}; goal <= 1.00x)`,
    );
  }
  const largest = rows.at(-1);
  console.log(
    `fleet at N = ${largest.n} under the budget: ${largest.ours.refused} requests refused (429), ${largest.ours.failed} creates failed (goal 0 and 0)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
