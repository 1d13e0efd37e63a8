// Settling: how many polls the provider spends waiting for a new object, and how late it notices
// that the object settled, against the Terraform provider's fixed cadences.
//
// Ours is measured: the real kind provider (provider/framework/lifecycle.ts with the kind's
// PollSchedule) creates the object in the simulator at speed 0, whose clock moves only when the
// provider's wait sleeps (virtual time, as in test/provider/support.ts), with the kind's install
// transition set to the provisioning time. Polls are the GETs of the object's record during the
// create; the lag is when the create returned minus when the object settled.
//
// Terraform's is computed from its schedules (serverscom/terraform-provider-serverscom): fixed
// 60 s (dedicated), 10 s (SBM), 15 s (RBS), and for cloud instances a StateChangeConf with a 1 min
// Delay then waits of 3 s, 6 s and 10 s thereafter. Its first poll comes one cadence (cloud: the
// delay) after the create.
//
// Each provisioning time D (1, 10 and 60 min) is run with the object settling at several phases
// spread over one Terraform cadence after D (D + (j + 0.5) / K x cadence), so neither side is
// flattered by a settle time that happens to fall on its poll. Goal, per kind and D: fewer polls
// than Terraform on average, and a mean lag no longer than Terraform's cadence.
//
// Runs standalone (`node bench/settling.mjs` after `npm run build`) or from run.mjs (main()).
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { loadSamples, QUICK } from "./lib.mjs";

const require = createRequire(import.meta.url);
const dist = (path) => require(`../dist/${path}`);

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
// The quick version leaves out the hour (most of the polls); its figures are as exact, being
// virtual time and seeded jitter, so the smoke test can hold it to the goal.
const DURATIONS = QUICK ? [1 * MINUTE, 10 * MINUTE] : [1 * MINUTE, 10 * MINUTE, 60 * MINUTE];
const PHASES = 8;
/** The waits' generic backoff (sdk/wait.ts defaults), which every kind used before PollSchedule. */
const GENERIC = { minDelayMs: SECOND, maxDelayMs: 30 * SECOND };

/** Terraform's poll times after the create, in ms, until one reaches `settleMs`. */
function* fixedCadence(cadenceMs) {
  for (let t = cadenceMs; ; t += cadenceMs) yield t;
}
function* cloudStateChangeConf() {
  let t = MINUTE;
  yield t;
  for (const wait of [3 * SECOND, 6 * SECOND]) {
    t += wait;
    yield t;
  }
  for (;;) {
    t += 10 * SECOND;
    yield t;
  }
}

function terraform(schedule, settleMs) {
  let polls = 0;
  for (const t of schedule()) {
    polls++;
    if (t >= settleMs) return { polls, lagMs: t - settleMs };
  }
}

const KINDS = [
  {
    kind: "DedicatedServer",
    definition: ["provider/dedicated-server/definition.js", "dedicatedServerKind"],
    transition: "dedicated_install",
    record: "GET /v1/hosts/dedicated_servers/:id",
    terraformCadenceMs: 60 * SECOND,
    terraform: () => fixedCadence(60 * SECOND),
    inputs: (name) => ({ hostname: name, ...loadSamples().DEDICATED_SERVER }),
  },
  {
    kind: "SbmServer",
    definition: ["provider/sbm-server/definition.js", "sbmServerKind"],
    transition: "sbm_install",
    record: "GET /v1/hosts/sbm_servers/:id",
    terraformCadenceMs: 10 * SECOND,
    terraform: () => fixedCadence(10 * SECOND),
    inputs: (name) => ({ hostname: `${name}.example.com`, ...loadSamples().SBM_SERVER }),
  },
  {
    kind: "RbsVolume",
    definition: ["provider/rbs-volume/definition.js", "rbsVolumeKind"],
    transition: "rbs_create",
    record: "GET /v1/remote_block_storage/volumes/:id",
    terraformCadenceMs: 15 * SECOND,
    terraform: () => fixedCadence(15 * SECOND),
    inputs: (name) => ({ name, ...loadSamples().RBS_VOLUME }),
  },
  {
    kind: "CloudInstance",
    definition: ["provider/cloud-instance/definition.js", "cloudInstanceKind"],
    transition: "cloud_create",
    record: "GET /v1/cloud_computing/instances/:id",
    // Its steady pace; the first poll comes after the 1 min Delay.
    terraformCadenceMs: 10 * SECOND,
    terraform: cloudStateChangeConf,
    inputs: (name) => ({ name, ...loadSamples().CLOUD_INSTANCE }),
  },
];

/**
 * One create of `spec`'s kind settling `settleMs` after it is ordered: our polls and lag, with
 * the kind's schedule or, given `delays`, with those (which replace it, as the environment's do).
 */
async function measureOurs(spec, settleMs, seed, delays = {}) {
  const { startSimulator } = dist("simulator/index.js");
  const { ServersComClient } = dist("sdk/client.js");
  const { createKindProvider } = dist("provider/framework/lifecycle.js");
  const { OWNER_INPUT, TIMEOUTS_INPUT } = dist("provider/framework/hidden.js");
  const { ownerLabelValue } = dist("provider/framework/ownership.js");
  const { typeToken } = dist("provider/framework/resource.js");
  const kind = dist(spec.definition[0])[spec.definition[1]];
  const { seededRandom } = dist("simulator/framework/faults.js");

  const sim = await startSimulator({ speed: 0, durations: { [spec.transition]: settleMs } });
  const client = new ServersComClient({
    token: sim.token,
    baseUrl: sim.url,
    retry: { sleep: async () => {} },
  });
  try {
    let now = 0;
    const clock = {
      now: () => now,
      async sleep(ms) {
        now += ms;
        await sim.control.advance(ms);
      },
    };
    const provider = createKindProvider(kind, {
      client: () => client,
      progress: () => {},
      // The provider's jitter, seeded (the simulator's small PRNG) so that a run is reproducible.
      waitTuning: () => ({ clock, random: seededRandom(seed), ...delays }),
    });
    const name = `settle-${seed}`;
    const owner = ownerLabelValue({
      project: "bench",
      stack: "settling",
      type: typeToken(spec.kind),
      name,
      parent: "",
    });
    await sim.control.clearRequestCounts();
    // The order is placed at virtual time 0: the requests before the wait take no virtual time.
    // customTimeouts: a 60-minute install must not outlast the kind's default create timeout.
    await provider.create({
      __provider: "bench",
      [OWNER_INPUT]: owner,
      [TIMEOUTS_INPUT]: { create: 3 * 60 * MINUTE },
      ...spec.inputs(name),
    });
    const counts = await sim.control.requestCounts();
    const gets = Object.entries(counts)
      .filter(([route]) => route.startsWith("GET "))
      .reduce((sum, [, n]) => sum + n, 0);
    return { polls: counts[spec.record] ?? 0, gets, lagMs: now - settleMs };
  } finally {
    await client.close();
    await sim.close();
  }
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const seconds = (ms) => `${(ms / SECOND).toFixed(1)}s`;

export async function runSettling() {
  const rows = [];
  for (const spec of KINDS) {
    for (const duration of DURATIONS) {
      const ours = [];
      const generic = [];
      const theirs = [];
      for (let j = 0; j < PHASES; j++) {
        const settleMs = Math.round(duration + ((j + 0.5) / PHASES) * spec.terraformCadenceMs);
        ours.push(await measureOurs(spec, settleMs, j + 1));
        generic.push(await measureOurs(spec, settleMs, j + 1, GENERIC));
        theirs.push(terraform(spec.terraform, settleMs));
      }
      const row = {
        kind: spec.kind,
        minutes: duration / MINUTE,
        cadenceMs: spec.terraformCadenceMs,
        polls: mean(ours.map((r) => r.polls)),
        gets: mean(ours.map((r) => r.gets)),
        lagMs: mean(ours.map((r) => r.lagMs)),
        maxLagMs: Math.max(...ours.map((r) => r.lagMs)),
        genericPolls: mean(generic.map((r) => r.polls)),
        genericLagMs: mean(generic.map((r) => r.lagMs)),
        tfPolls: mean(theirs.map((r) => r.polls)),
        tfLagMs: mean(theirs.map((r) => r.lagMs)),
        tfMaxLagMs: Math.max(...theirs.map((r) => r.lagMs)),
      };
      row.met = row.polls < row.tfPolls && row.lagMs <= row.cadenceMs;
      rows.push(row);
    }
  }
  return rows;
}

export async function main() {
  const rows = await runSettling();
  console.log(
    `settling: polls while waiting for a new object and the lag to notice it settled, ` +
      `${PHASES} settle phases per provisioning time (mean; max lag in brackets):`,
  );
  for (const r of rows) {
    console.log(
      `  ${r.kind.padEnd(15)} ${String(r.minutes).padStart(2)} min: ` +
        `polls ${r.polls.toFixed(1)} (${r.gets.toFixed(1)} GETs) vs terraform ${r.tfPolls.toFixed(1)}, ` +
        `lag ${seconds(r.lagMs)} [${seconds(r.maxLagMs)}] vs terraform ${seconds(r.tfLagMs)} ` +
        `[${seconds(r.tfMaxLagMs)}], cadence ${seconds(r.cadenceMs)}: goal ${r.met ? "met" : "MISSED"} ` +
        `(generic backoff: polls ${r.genericPolls.toFixed(1)}, lag ${seconds(r.genericLagMs)})`,
    );
  }
  const met = rows.filter((r) => r.met).length;
  const ratios = rows.map((r) => r.tfPolls / r.polls);
  const geomean = Math.exp(mean(ratios.map(Math.log)));
  console.log(`settling goal met for ${met}/${rows.length} (kind, provisioning time) pairs`);
  console.log(
    `RATIO settling-polls ${geomean.toFixed(2)}x (terraform polls / ours, geometric mean over kinds and times)`,
  );
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
