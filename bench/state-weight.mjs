// State weight: the bytes every resource puts into the stack's state, per resource kind.
//
// What is measured, and how:
// - Stored properties: one resource of every kind is created through the engine harness
//   (scripts/engine/harness.ts: a program under setMocks, the real dynamic-provider host over
//   gRPC, the engine's check/create rules) against the simulator, and the state is taken from
//   `harness.stateText()`: inputs and outputs as the engine stores them, secrets sealed. The
//   harness was chosen over calling `resourceProvider(kind)` directly because it gives what a
//   real `pulumi up` stores: the program's registration (hidden inputs, secret inputs), the
//   check's inputs, and the host adding `__provider` to inputs and outputs alike. Each resource
//   therefore stores `__provider` twice; "properties" below are the rest of its inputs and
//   outputs, as compact JSON (a state file indents it: more bytes, the same for both sides).
// - Ours: the `__provider` text in that state (provider/shim.ts, serialised by the SDK).
// - Naive: the baseline is a dynamic provider written the usual way, its methods calling the
//   same provider code (the kind's definition, the generic lifecycle, the SDK client) captured in
//   the closure, serialised with the same `pulumi.runtime.serializeFunction(() => provider,
//   { allowSecrets: true })` the SDK uses (dynamic/index.js). Pulumi's serialiser cannot
//   serialise that code as it is, so the baseline leaves out what it stops at, and its size is a
//   lower bound: sdk/wait.ts's `systemClock.sleep` (the parser reports `timer`, a const used by
//   a closure above its declaration, as missing), the thenable ListPagePromise class (the
//   serialiser awaits its prototype, which calls `then` on it), and zod's schemas and internal
//   modules (bound native functions; internal files its export map forbids requiring). Even
//   then the text does not load (the serialiser takes methods out of classes with #private
//   fields): a naive provider of this code is not an option at all, the bytes say what it would
//   cost if it were.
// - Identical across builds: the package is compiled twice with tsc into two temporary folders,
//   and each kind's shim from either build is serialised as the SDK serialises it; the texts
//   must be byte-identical to each other and to the state's (made from dist/, a third build).
//
// BENCH_QUICK=1 (a smoke test): the naive baseline for three kinds only (each takes a few hundred
// milliseconds to serialise), and one fresh build, without the type check (`tsc --noCheck` emits
// the same JavaScript in half the time), compared with dist/.
//
// Runs standalone (`node bench/state-weight.mjs`, after `npm run build`) or from run.mjs through
// `runStateWeight()` / `main()`.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  engineFor,
  isMain,
  jsonBytes,
  loadSamples,
  loadSimulator,
  median,
  QUICK,
  REPO,
} from "./lib.mjs";

const require = createRequire(import.meta.url);
const pulumi = require("@pulumi/pulumi");
const lifecycle = require("../dist/provider/framework/lifecycle.js");
const configuration = require("../dist/provider/framework/configuration.js");
const progress = require("../dist/provider/framework/progress.js");
const {
  createKubernetesClusterProvider,
} = require("../dist/provider/kubernetes-cluster/provider.js");
const wait = require("../dist/sdk/wait.js");
const pagination = require("../dist/sdk/core/pagination.js");

const TYPE_PREFIX = "pulumi-nodejs:dynamic/serverscom:";

// --- one resource of every kind (the inputs of test/engine's scenarios) ---

const certificate = (name) => readFileSync(join(REPO, "test", "simulator", "data", name), "utf8");
const CERTIFICATE = certificate("ssl-cert.pem");
const PRIVATE_KEY = certificate("ssl-key.pem");

/** Every kind once, with the seed's catalogue (simulator/seed). */
function everyKind(serverscom) {
  const samples = loadSamples();
  const db = new serverscom.DedicatedServer("db", {
    ...samples.DEDICATED_SERVER,
    hostname: "db-1",
    labels: { env: "prod" },
  });
  new serverscom.SbmServer("web", {
    locationId: 1,
    sbmFlavorModelId: 601,
    operatingSystemId: 302,
    hostname: "web-1",
    labels: { env: "prod" },
  });
  new serverscom.RbsVolume("data", {
    locationId: 1,
    flavorId: 1,
    size: 100,
    labels: { env: "prod" },
  });
  const app = new serverscom.CloudInstance("app", {
    regionId: 1,
    flavorId: "SSD.30",
    imageId: samples.AMS1_UBUNTU_IMAGE,
    labels: { env: "prod" },
  });
  new serverscom.KubernetesCluster("k8s", {
    clusterId: "K8sProd1",
    labels: { env: "prod", team: "platform", "managed-by": "pulumi" },
  });
  new serverscom.KubernetesBaremetalNodePower("bm", { nodeId: "BmNode02" });
  new serverscom.L2Segment("lan", {
    type: "private",
    locationGroupId: 1,
    members: [{ id: db.id, mode: "native" }],
    labels: { env: "prod" },
  });
  new serverscom.SshKey("deploy", {
    publicKey: samples.SSH_PUBLIC_KEY,
    labels: { team: "platform" },
  });
  new serverscom.SslCertificate("site", {
    publicKey: CERTIFICATE,
    privateKey: PRIVATE_KEY,
    labels: { env: "prod" },
  });
  new serverscom.LetsEncryptCertificateLabels("le", {
    adoptId: "LeCert01",
    labels: { env: "prod", team: "web" },
  });
  new serverscom.PtrRecord("app-ptr", {
    cloudInstanceId: app.id,
    ip: app.publicIpv4Address.apply((ip) => ip ?? ""),
    domain: "app.example.com",
  });
}

/** The stored state of every kind's resource, sealed: { kind: { inputs, outputs } }. */
async function storedResources() {
  const { startSimulator } = loadSimulator();
  // Fast enough that a 20-minute server installation takes 200 ms.
  const sim = await startSimulator({ speed: 6000 });
  const harness = engineFor(sim);
  try {
    await harness.up(everyKind);
    const { resources } = JSON.parse(harness.stateText());
    return Object.fromEntries(
      resources.map((r) => [
        r.type.slice(TYPE_PREFIX.length),
        { inputs: r.inputs, outputs: r.outputs },
      ]),
    );
  } finally {
    await harness.close();
    await sim.close();
  }
}

// --- the naive baseline ---

/**
 * What Pulumi's serialiser cannot capture (see the header), left out of the naive text: zod's
 * module objects other than its entry point, zod's schemas, and two objects of the SDK. Called
 * once the provider code is loaded, so that every zod module is in require's cache.
 */
function leftOut() {
  const zodEntry = require.resolve("zod");
  const zodModules = new Set(
    Object.entries(require.cache)
      .filter(
        ([file, m]) => file.includes(`${join("node_modules", "zod")}/`) && file !== zodEntry && m,
      )
      .map(([, m]) => m.exports),
  );
  const sdk = new Set([wait.systemClock.sleep, pagination.ListPagePromise]);
  return (o) =>
    sdk.has(o) || zodModules.has(o) || (typeof o === "object" && o !== null && "_zod" in o);
}

/**
 * A dynamic provider as one writes it by hand: the implementation captured in the closure, with
 * the same context as registry.ts's (settings from configure, a client per token and URL, progress
 * lines on stderr). `make` builds the kind's implementation from that context.
 */
function naiveProvider(make) {
  let settings = {};
  const clients = new configuration.ClientCache();
  const context = {
    configure(req) {
      settings = configuration.settingsFromConfig(req);
    },
    client: () => clients.client(configuration.resolveSettings(settings, process.env)),
    progress: progress.stderrSink,
    waitTuning: () => ({}),
  };
  let implementation;
  const impl = () => {
    implementation ??= make(context);
    return implementation;
  };
  return {
    configure: async (req) => impl().configure(req),
    check: async (olds, news) => impl().check(olds, news),
    diff: async (id, olds, news) => impl().diff(id, olds, news),
    create: async (inputs) => impl().create(inputs),
    read: async (id, props) => impl().read(id, props),
    update: async (id, olds, news) => impl().update(id, olds, news),
    delete: async (id, props) => impl().delete(id, props),
  };
}

/** Each kind's definition, as registry.ts wires it. */
function naiveProviders() {
  const definition = (dir, name, file = "definition.js") =>
    require(`../dist/provider/${dir}/${file}`)[name];
  const generic = (kind) => naiveProvider((context) => lifecycle.createKindProvider(kind, context));
  return {
    DedicatedServer: generic(definition("dedicated-server", "dedicatedServerKind")),
    SbmServer: generic(definition("sbm-server", "sbmServerKind")),
    RbsVolume: generic(definition("rbs-volume", "rbsVolumeKind")),
    CloudInstance: generic(definition("cloud-instance", "cloudInstanceKind")),
    KubernetesCluster: naiveProvider((context) => createKubernetesClusterProvider(context)),
    KubernetesBaremetalNodePower: generic(
      definition("kubernetes-baremetal-node-power", "kubernetesBaremetalNodePowerKind"),
    ),
    L2Segment: generic(definition("l2-segment", "l2SegmentKind")),
    SshKey: generic(definition("ssh-key", "sshKeyKind")),
    SslCertificate: generic(definition("ssl-certificate", "sslCertificateKind")),
    LetsEncryptCertificateLabels: generic(
      definition("ssl-certificate", "letsEncryptCertificateLabelsKind", "lets-encrypt.js"),
    ),
    PtrRecord: generic(definition("ptr-record", "ptrRecordKind")),
  };
}

/** The serialised text, as dynamic.Resource makes it (dynamic/index.js, serializeProvider). */
async function serialise(provider, options = {}) {
  const { text } = await pulumi.runtime.serializeFunction(() => provider, {
    allowSecrets: true,
    ...options,
  });
  return text;
}

/** Whether the text loads as the provider host loads it (require-from-string, then handler()). */
function loads(text) {
  try {
    const provider = require("require-from-string")(text).handler();
    return typeof provider.create === "function";
  } catch {
    return false;
  }
}

// --- two builds ---

/** The builds compared with dist/: two, or one in quick mode. */
const BUILDS = QUICK ? 1 : 2;
/** The kinds whose naive baseline is serialised in quick mode: both factories, small and large. */
const QUICK_KINDS = ["RbsVolume", "KubernetesCluster", "DedicatedServer"];

/** Each kind's `__provider` from fresh tsc builds: one { kind: text } per build. */
async function freshBuilds(kinds) {
  const tsc = join(REPO, "node_modules", "typescript", "bin", "tsc");
  const dirs = Array.from({ length: BUILDS }, () =>
    mkdtempSync(join(tmpdir(), "serverscom-state-weight-")),
  );
  try {
    await Promise.all(
      dirs.map((dir) =>
        promisify(execFile)(
          process.execPath,
          [
            tsc,
            "-p",
            join(REPO, "tsconfig.build.json"),
            "--outDir",
            dir,
            ...(QUICK ? ["--noCheck"] : []),
          ],
          { cwd: REPO },
        ).catch((error) => {
          // tsc emits even when a file elsewhere has a type error (the typecheck reports those):
          // only a build without the shim is a failure here.
          if (!existsSync(join(dir, "provider", "shim.js"))) throw error;
        }),
      ),
    );
    return await Promise.all(
      dirs.map(async (dir) => {
        const { createShim } = require(join(dir, "provider", "shim.js"));
        const out = {};
        for (const kind of kinds) out[kind] = await serialise(createShim(kind));
        return out;
      }),
    );
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

export async function runStateWeight() {
  const stored = await storedResources();
  const naive = naiveProviders();
  const kinds = Object.keys(naive).filter((kind) => !QUICK || QUICK_KINDS.includes(kind));
  const missing = Object.keys(naive).filter((kind) => stored[kind] === undefined);
  if (missing.length > 0) throw new Error(`no state for ${missing.join(", ")}`);
  const { createShim } = require("../dist/provider/shim.js");

  const leaveOut = leftOut();
  const rows = [];
  let naiveLoads = true;
  for (const kind of kinds) {
    const { inputs, outputs } = stored[kind];
    const ours = inputs.__provider;
    if (typeof ours !== "string" || outputs.__provider !== ours) {
      throw new Error(`${kind}: the state does not hold one __provider text in inputs and outputs`);
    }
    // The benchmark's own serialisation of the shim must be what the SDK stored, or the build
    // comparison below would compare something else.
    if ((await serialise(createShim(kind))) !== ours) {
      throw new Error(`${kind}: serialising the shim here does not give the stored __provider`);
    }
    const naiveText = await serialise(naive[kind], { serialize: (o) => !leaveOut(o) });
    naiveLoads &&= loads(naiveText);
    const { __provider: _i, ...restInputs } = inputs;
    const { __provider: _o, ...restOutputs } = outputs;
    const oursBytes = Buffer.byteLength(ours, "utf8");
    const naiveBytes = Buffer.byteLength(naiveText, "utf8");
    rows.push({
      kind,
      oursBytes,
      naiveBytes,
      propertiesBytes: jsonBytes(restInputs) + jsonBytes(restOutputs),
      ratio: naiveBytes / oursBytes,
    });
  }

  const builds = await freshBuilds(Object.keys(naive));
  const identical = Object.keys(naive).every((kind) =>
    builds.every((build) => build[kind] === stored[kind].inputs.__provider),
  );
  return {
    rows,
    naiveLoads,
    identical,
    builds: BUILDS,
    maxOursBytes: Math.max(...rows.map((r) => r.oursBytes)),
    ratio: median(rows.map((r) => r.ratio)),
  };
}

export async function main() {
  const r = await runStateWeight();
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    "state weight per resource (bytes; __provider is stored twice, in inputs and outputs; " +
      "naive = the same code captured in the closure, a lower bound):",
  );
  const width = Math.max(...r.rows.map((row) => row.kind.length));
  for (const row of r.rows) {
    console.log(
      `  ${row.kind.padEnd(width)}  __provider ours ${String(row.oursBytes).padStart(5)}, ` +
        `naive ${String(row.naiveBytes).padStart(7)} (${row.ratio.toFixed(1)}x); ` +
        `properties ${String(row.propertiesBytes).padStart(5)}; ` +
        `resource in state: ours ${kb(row.propertiesBytes + 2 * row.oursBytes)}, ` +
        `naive ${kb(row.propertiesBytes + 2 * row.naiveBytes)}`,
    );
  }
  console.log(
    `naive __provider loads in the provider host: ${r.naiveLoads ? "yes" : "no"} ` +
      "(Pulumi's serialiser cannot capture this code whole; see bench/state-weight.mjs)",
  );
  console.log(
    `__provider at most ${r.maxOursBytes} bytes (goal: a few kilobytes at most); ` +
      `identical across two builds: ${r.identical ? "yes" : "no"} ` +
      `(every kind; ${r.builds === 2 ? "two fresh tsc builds" : "one fresh tsc build"} and dist/)`,
  );
  console.log(
    `RATIO state-weight ${r.ratio.toFixed(1)}x (naive __provider bytes / ours, median over kinds)`,
  );
  return r;
}

if (isMain(import.meta.url)) {
  await main();
}
