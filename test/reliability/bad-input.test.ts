// The bad input catalogue (issue 8): every row of bad-input-cases.ts is refused before any
// request, with a message naming the property and the rule. Resources are refused at `check`
// (failures, not errors), lookup functions by their argument checks. One simulator serves the file.
//
// "No request" is proven twice: the simulator's request counter, as the other suites do, and a
// byte count on a TCP relay every client here goes through. The counter only sees requests the
// HTTP server accepted; one refused by Node's parser (a request line over its header limit, say a
// huge query parameter) would never be counted, but its bytes would.
import { connect, createServer, type Server, type Socket } from "node:net";
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cloudInstanceKind } from "../../provider/cloud-instance/definition";
import { cloudSnapshotKind } from "../../provider/cloud-snapshot/definition";
import { cloudVolumeKind } from "../../provider/cloud-volume/definition";
import { cloudVolumeBackupKind } from "../../provider/cloud-volume-backup/definition";
import { dedicatedServerKind } from "../../provider/dedicated-server/definition";
import { dnsRecordKind } from "../../provider/dns-record/definition";
import { dnsZoneKind } from "../../provider/dns-zone/definition";
import type { PropertyBag } from "../../provider/framework/check";
import { TOKEN_KEY, URL_KEY } from "../../provider/framework/configuration";
import type { KindProvider, ProviderContext } from "../../provider/framework/kind-provider";
import { createKindProvider } from "../../provider/framework/lifecycle";
import * as functions from "../../provider/functions";
import { LookupError } from "../../provider/functions";
import { closeFunctionClients } from "../../provider/functions/framework/settings";
import { hostNetworkKind } from "../../provider/host-network/definition";
import { kubernetesBaremetalNodePowerKind } from "../../provider/kubernetes-baremetal-node-power/definition";
import { createKubernetesClusterProvider } from "../../provider/kubernetes-cluster/provider";
import { l2SegmentKind } from "../../provider/l2-segment/definition";
import { l4LoadBalancerKind } from "../../provider/l4-load-balancer/definition";
import { l7LoadBalancerKind } from "../../provider/l7-load-balancer/definition";
import { ptrRecordKind } from "../../provider/ptr-record/definition";
import { rbsVolumeKind } from "../../provider/rbs-volume/definition";
import { resourceKinds } from "../../provider/registry";
import { sbmServerKind } from "../../provider/sbm-server/definition";
import { sshKeyKind } from "../../provider/ssh-key/definition";
import { sslCertificateKind } from "../../provider/ssl-certificate/definition";
import { letsEncryptCertificateLabelsKind } from "../../provider/ssl-certificate/lets-encrypt";
import { subnetworkKind } from "../../provider/subnetwork/definition";
import { ServersComClient } from "../../sdk/client";
import { InputValidationError } from "../../sdk/core/errors";
import { type Simulator, startSimulator } from "../../simulator";
import {
  BASES,
  CHECK_ROWS,
  type CheckRow,
  FUNCTION_NAMES,
  KINDS,
  type KindName,
  LIMIT_ROWS,
  type LimitRow,
  LOOKUP_ROWS,
  type LookupRow,
} from "./bad-input-cases";

/** A TCP relay to the simulator that counts the bytes clients send through it. */
interface Relay {
  readonly url: string;
  bytes(): number;
  close(): Promise<void>;
}

async function startRelay(target: URL): Promise<Relay> {
  let bytes = 0;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    track(client);
    track(upstream);
    client.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no relay address");
  return {
    url: `http://127.0.0.1:${address.port}`,
    bytes: () => bytes,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let sim: Simulator;
let relay: Relay;
let client: ServersComClient;
let providers: Record<KindName, KindProvider>;
/** Every message a row produced, checked for the token at the end. */
const messages: string[] = [];

beforeAll(async () => {
  sim = await startSimulator({ speed: 0 });
  relay = await startRelay(new URL(sim.url));
  client = new ServersComClient({
    token: sim.token,
    baseUrl: relay.url,
    retry: { sleep: async () => {} },
  });
  // A real client: a check that called the API would reach the simulator and be counted.
  const context: ProviderContext = {
    client: () => client,
    progress: (line) => messages.push(line),
    waitTuning: () => ({}),
  };
  providers = {
    DedicatedServer: createKindProvider(dedicatedServerKind, context),
    SbmServer: createKindProvider(sbmServerKind, context),
    RbsVolume: createKindProvider(rbsVolumeKind, context),
    CloudInstance: createKindProvider(cloudInstanceKind, context),
    KubernetesCluster: createKubernetesClusterProvider(context),
    KubernetesBaremetalNodePower: createKindProvider(kubernetesBaremetalNodePowerKind, context),
    L2Segment: createKindProvider(l2SegmentKind, context),
    SshKey: createKindProvider(sshKeyKind, context),
    SslCertificate: createKindProvider(sslCertificateKind, context),
    LetsEncryptCertificateLabels: createKindProvider(letsEncryptCertificateLabelsKind, context),
    PtrRecord: createKindProvider(ptrRecordKind, context),
    Subnetwork: createKindProvider(subnetworkKind, context),
    HostNetwork: createKindProvider(hostNetworkKind, context),
    L4LoadBalancer: createKindProvider(l4LoadBalancerKind, context),
    L7LoadBalancer: createKindProvider(l7LoadBalancerKind, context),
    CloudVolume: createKindProvider(cloudVolumeKind, context),
    CloudVolumeBackup: createKindProvider(cloudVolumeBackupKind, context),
    CloudSnapshot: createKindProvider(cloudSnapshotKind, context),
    DnsZone: createKindProvider(dnsZoneKind, context),
    DnsRecord: createKindProvider(dnsRecordKind, context),
  };
  // Lookup functions read the program's configuration: the simulator, through the relay.
  pulumi.runtime.setAllConfig({ [TOKEN_KEY]: sim.token, [URL_KEY]: relay.url }, [TOKEN_KEY]);
});

afterAll(async () => {
  pulumi.runtime.setAllConfig({}, []);
  for (const message of messages) expect(message).not.toContain(sim.token);
  await closeFunctionClients();
  await client.close();
  await relay.close();
  await sim.close();
});

/** Runs `action` and answers what reached the API meanwhile: counted requests and bytes. */
async function traffic(action: () => Promise<void>): Promise<{ requests: number; bytes: number }> {
  await sim.control.clearRequestCounts();
  const before = relay.bytes();
  await action();
  const counts = await sim.control.requestCounts();
  const requests = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return { requests, bytes: relay.bytes() - before };
}

/** The property's name as a whole word (`labels` in `labels.env: ...`). */
function naming(property: string): RegExp {
  return new RegExp(
    `(^|[^A-Za-z0-9_])${property.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^A-Za-z0-9_])`,
  );
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Long values stay out of test names. */
function short(text: string): string {
  return text.length > 70 ? `${text.slice(0, 67)}...` : text;
}

describe("the catalogue", () => {
  it("has every resource kind and every lookup function with arguments", () => {
    expect([...KINDS].sort()).toEqual([...resourceKinds].sort());
    const exported = Object.keys(functions).filter(
      (name) => /^get[A-Z]/.test(name) && !name.endsWith("Output"),
    );
    // getCloudRegions and getAccountBalance take no argument: there is nothing to get wrong.
    expect([...FUNCTION_NAMES, "getCloudRegions", "getAccountBalance"].sort()).toEqual(
      exported.sort(),
    );
  });

  it("holds at least 60 rows, and a row for each kind and function", () => {
    expect(CHECK_ROWS.length + LOOKUP_ROWS.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(CHECK_ROWS.map((r) => r.kind));
    for (const kind of KINDS) expect(kinds.has(kind), kind).toBe(true);
    const fns = new Set(LOOKUP_ROWS.map((r) => r.fn));
    for (const fn of FUNCTION_NAMES) expect(fns.has(fn), fn).toBe(true);
  });

  it.each(KINDS)(
    "the %s base passes check (each row's refusal is its own change's)",
    async (kind) => {
      const result = await providers[kind].check({}, BASES[kind]);
      expect(result.failures).toEqual([]);
    },
  );
});

describe("the limits themselves pass check", () => {
  it.each(LIMIT_ROWS.map((r) => [`${r.kind}: ${r.title}`, r] as const))(
    "%s",
    async (_name, row: LimitRow) => {
      const result = await providers[row.kind].check(row.olds, row.news);
      expect(result.failures).toEqual([]);
    },
  );
});

describe("resources: refused at check, before any request", () => {
  it.each(CHECK_ROWS.map((r) => [`${r.kind}: ${short(r.title)}`, r] as const))(
    "%s",
    async (_name, row: CheckRow) => {
      let failures: readonly { property: string; reason: string }[] = [];
      const seen = await traffic(async () => {
        failures = (await providers[row.kind].check(row.olds, row.news)).failures ?? [];
      });
      expect(seen).toEqual({ requests: 0, bytes: 0 });
      messages.push(...failures.map((f) => f.reason));
      expect(failures.length, "refused").toBeGreaterThan(0);
      for (const failure of failures) {
        expect(failure.property).toBe(row.property);
        expect(failure.reason).toMatch(naming(row.property));
        // A huge value must not come back whole in the message.
        expect(failure.reason.length).toBeLessThan(2_000);
        // Nor a control character (a forged log line), nor a secret input (issue 13).
        expect(failure.reason).not.toMatch(CONTROL_CHARACTER);
        if (row.hidden !== undefined) expect(failure.reason).not.toContain(row.hidden);
      }
      expect(
        failures.some((f) => row.rule.test(f.reason)),
        `${row.rule} in ${JSON.stringify(failures)}`,
      ).toBe(true);
    },
  );
});

describe("lookup functions: refused by their argument checks, before any request", () => {
  it.each(LOOKUP_ROWS.map((r) => [`${r.fn}: ${short(r.title)}`, r] as const))(
    "%s",
    async (_name, row: LookupRow) => {
      let error: unknown;
      const seen = await traffic(async () => {
        try {
          await row.call();
        } catch (thrown) {
          error = thrown;
        }
      });
      expect(seen).toEqual({ requests: 0, bytes: 0 });
      expect(error, "refused").toBeInstanceOf(Error);
      const message = (error as Error).message;
      messages.push(message);
      if (error instanceof LookupError) expect(message.startsWith(`${row.fn}: `)).toBe(true);
      // Only the selector builder refuses on its own account (sdk/labels.ts), before the call.
      else expect(error).toBeInstanceOf(InputValidationError);
      expect(message).toMatch(naming(row.property));
      expect(message).toMatch(row.rule);
      expect(message.length).toBeLessThan(2_000);
      expect(message).not.toMatch(CONTROL_CHARACTER);
    },
  );
});

describe("Windows on an SBM server: refused before the order, not at check", () => {
  // check sees only an id and must not call the API (it also runs in a preview without a
  // token), so the rule is applied by create, from the SBM catalogue, before POSTing anything.
  const windows: PropertyBag = { ...BASES.SbmServer, operatingSystemId: 305 };

  it("passes check, which cannot tell what system an id is", async () => {
    const seen = await traffic(async () => {
      expect((await providers.SbmServer.check({}, windows)).failures).toEqual([]);
    });
    expect(seen).toEqual({ requests: 0, bytes: 0 });
  });

  it("is refused by create after catalogue reads only, naming operatingSystemId", async () => {
    let error: unknown;
    await sim.control.clearRequestCounts();
    try {
      await providers.SbmServer.create(windows);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    messages.push(message);
    expect(message).toMatch(naming("operatingSystemId"));
    expect(message).toMatch(/Windows systems are unavailable for SBM servers/);
    const routes = Object.keys(await sim.control.requestCounts());
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(route).toMatch(/^GET /);
    expect(await sim.control.records("sbm_servers")).toEqual([]);
  });
});
