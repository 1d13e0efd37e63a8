// Property tests of the conversions between the API's records and Pulumi's values, for every
// resource kind: record -> outputs (what the state stores), record -> live inputs (what `read`
// reports, and `pulumi import` writes into the program), and inputs -> request bodies. Records
// are generated from the SDK's zod schemas (arbitraries.ts, recordOf) and pass through JSON and
// the schema, as the SDK hands them to the provider.
//
// Each kind runs through the real lifecycle (createKindProvider) with `get` answering the
// generated record and a client that records every request, so the properties hold for what the
// engine actually receives, not for one helper in isolation.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { cloudInstanceKind } from "../../provider/cloud-instance/definition";
import { dedicatedServerKind } from "../../provider/dedicated-server/definition";
import { inputsOf } from "../../provider/dedicated-server/inputs";
import { isEmptyPlan, planBoot } from "../../provider/dedicated-server/plan";
import { activeFeatures, type DedicatedServerLive } from "../../provider/dedicated-server/record";
import type { PropertyBag } from "../../provider/framework/check";
import { jsonEqual } from "../../provider/framework/diff";
import type { ResourceKind } from "../../provider/framework/kind";
import type { ProviderContext } from "../../provider/framework/kind-provider";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import { kubernetesBaremetalNodePowerKind } from "../../provider/kubernetes-baremetal-node-power/definition";
import {
  type ClusterMemory,
  type ClusterRecord,
  memoryFrom,
  planChanges,
  wishOf,
} from "../../provider/kubernetes-cluster/changes";
import {
  clusterLiveInputs,
  clusterOutputs,
  diffKubernetesCluster,
} from "../../provider/kubernetes-cluster/definition";
import { type L2SegmentRecord, l2SegmentKind } from "../../provider/l2-segment/definition";
import { ptrRecordKind } from "../../provider/ptr-record/definition";
import { canonicalDomain, canonicalIp } from "../../provider/ptr-record/names";
import type { PtrRecordOnTarget } from "../../provider/ptr-record/target";
import { rbsVolumeKind } from "../../provider/rbs-volume/definition";
import { sbmServerKind } from "../../provider/sbm-server/definition";
import { sshKeyKind } from "../../provider/ssh-key/definition";
import { sslCertificateKind } from "../../provider/ssl-certificate/definition";
import { letsEncryptCertificateLabelsKind } from "../../provider/ssl-certificate/lets-encrypt";
import { CloudInstanceSchema, cloudInstanceStates } from "../../sdk/areas/cloud-instances";
import { PtrRecordSchema, SshKeySchema } from "../../sdk/areas/common";
import {
  DedicatedServerSchema,
  dedicatedServerFeatureStates,
} from "../../sdk/areas/dedicated-servers";
import {
  hostOperationalStatusStates,
  hostPowerStatusStates,
  hostStatusStates,
} from "../../sdk/areas/host-common";
import { KubernetesBaremetalNodeSchema } from "../../sdk/areas/kubernetes-baremetal-nodes";
import {
  KubernetesClusterNodeSchema,
  KubernetesClusterSchema,
} from "../../sdk/areas/kubernetes-clusters";
import { L2MemberSchema, L2SegmentSchema, l2SegmentStates } from "../../sdk/areas/l2-segments";
import { RbsVolumeSchema, rbsVolumeStates } from "../../sdk/areas/rbs-volumes";
import { SbmServerSchema } from "../../sdk/areas/sbm-servers";
import { SslCertificateSchema } from "../../sdk/areas/ssl-certificates";
import type { ServersComClient } from "../../sdk/client";
import type { StateTable } from "../../sdk/wait";
import {
  apiId,
  fingerprint,
  ipv4,
  ipv6,
  recordOf,
  runs,
  text,
  timestamp,
  userLabels,
} from "./arbitraries";

// --- secrets the API might send one day, and credentials ---

/** A marker no generator produces: wherever it shows up in Pulumi's values, a secret leaked. */
const SECRET = "s3cr3t-MARKER-7f1e";

/**
 * Fields a record could carry that must never reach the state: a service that starts sending
 * a password or the user data back must not leak them into outputs (the schemas drop unknown
 * fields; an outputs function that spread the record would not).
 */
function withSecrets(record: object): object {
  return {
    ...record,
    password: SECRET,
    user_data: SECRET,
    private_key: SECRET,
    root_password: SECRET,
    _secret: SECRET,
  };
}

/** As the SDK hands a record over: through JSON text and the schema. */
function parsed<T>(schema: z.ZodType<T>, record: unknown): T {
  return schema.parse(JSON.parse(JSON.stringify(record)));
}

// --- a client that records every request ---

interface Call {
  readonly area: string;
  readonly method: string;
  readonly args: readonly unknown[];
}

/** Requests that only read: the rest change something on the service. */
const READS = /^(get|list)/;

/**
 * A client whose every `client.<area>.<method>(...)` is recorded and answered by `answer`
 * (throwing: the request fails). Nothing reaches a network.
 */
function recordingClient(answer: (call: Call) => unknown): {
  client: ServersComClient;
  calls: Call[];
} {
  const calls: Call[] = [];
  const areas = new Proxy(
    {},
    {
      get: (_target, area) =>
        new Proxy(
          {},
          {
            get:
              (_inner, method) =>
              async (...args: unknown[]) => {
                const call = { area: String(area), method: String(method), args };
                calls.push(call);
                return answer(call);
              },
          },
        ),
    },
  );
  return { client: areas as ServersComClient, calls };
}

/** The RBS credentials every recording client answers (secret outputs, both of them). */
const CREDENTIALS = { volume_id: "v", username: `user-${SECRET}`, password: SECRET };

function answerReads(call: Call): unknown {
  if (call.area === "rbsVolumes" && call.method === "getCredentials") return CREDENTIALS;
  throw new Error(`unexpected request ${call.area}.${call.method}`);
}

function providerFor<Live extends object>(kind: ResourceKind<Live>, live: Live) {
  const { client, calls } = recordingClient(answerReads);
  const context: ProviderContext = {
    client: () => client,
    progress: () => {},
    waitTuning: () => ({}),
  };
  // The kind as it is, but its object is the generated one.
  const provider = createKindProvider({ ...kind, get: async () => live }, context);
  return { provider, calls };
}

// --- plain data ---

/**
 * Only what a protobuf Struct (and so the state) holds: null, booleans, finite numbers, strings,
 * arrays without holes, plain objects without undefined. Anything else is silently changed on
 * its way to the state (undefined dropped, NaN turned to null, a Date to a string), so the next
 * diff would compare against something else than the provider returned.
 */
function expectPlainData(value: unknown, at = "$"): void {
  if (value === null || typeof value === "string" || typeof value === "boolean") return;
  if (typeof value === "number") {
    expect(Number.isFinite(value), `${at} is a finite number`).toBe(true);
    return;
  }
  expect(typeof value, `${at} is JSON data`).toBe("object");
  if (Array.isArray(value)) {
    expect(Object.getPrototypeOf(value), `${at} is a plain array`).toBe(Array.prototype);
    for (let i = 0; i < value.length; i++) {
      expect(i in value, `${at}[${i}] is not a hole`).toBe(true);
      expectPlainData(value[i], `${at}[${i}]`);
    }
    return;
  }
  expect(Object.getPrototypeOf(value), `${at} is a plain object`).toBe(Object.prototype);
  for (const [key, entry] of Object.entries(value as object)) {
    expect(entry, `${at}.${key} is not undefined`).not.toBeUndefined();
    expectPlainData(entry, `${at}.${key}`);
  }
}

function userLabelsOf(labels: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(labels).filter(([key]) => key !== OWNER_LABEL_KEY));
}

/** Every object's keys in reverse order, deeply: the API promises no order of fields. */
function reversedKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reversedKeys) as T;
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversedKeys(v)]),
  ) as T;
}

const statusOf = (table: StateTable, ...more: string[]) =>
  fc.constantFrom(...table.settled, ...table.transitional, ...table.failed, ...more);

/** Mostly `usual` (a settled object, which most properties need), sometimes any other status. */
const mostly = (usual: string, others: fc.Arbitrary<string>) =>
  fc.oneof({ arbitrary: fc.constant(usual), weight: 3 }, { arbitrary: others, weight: 1 });

// --- the kinds and their records ---

interface KindCase<Live extends object> {
  readonly name: string;
  readonly kind: ResourceKind<Live>;
  /** Live objects as the kind's `get` returns them (parsed from JSON with secrets injected). */
  readonly live: fc.Arbitrary<Live>;
  /** The same live object through JSON and the schemas again. */
  readonly reparse: (live: Live) => Live;
  /**
   * What a program declaring exactly this object adds to read's live inputs: a choice the record
   * shows but the live inputs leave out.
   */
  readonly declared?: (live: Live) => PropertyBag;
  /** The same object as the API may answer it another time: any list in another order. */
  readonly reordered?: (live: Live) => fc.Arbitrary<Live>;
}

function kindCase<Live extends object>(c: KindCase<Live>): KindCase<object> {
  return c as unknown as KindCase<object>;
}

/** A kind whose live object is one record: `record` parsed by `schema` with secrets injected. */
function recordCase<Live extends object>(
  c: Omit<KindCase<Live>, "live" | "reparse"> & {
    readonly schema: z.ZodType<Live>;
    readonly record: fc.Arbitrary<object>;
  },
): KindCase<object> {
  const { schema, record, ...rest } = c;
  return kindCase({
    ...rest,
    live: record.map((r) => parsed(schema, withSecrets(r))),
    reparse: (r) => parsed(schema, r),
  });
}

const rbsRecord = recordOf(RbsVolumeSchema, {
  status: mostly("active", statusOf(rbsVolumeStates)),
  size: fc.integer({ min: 1, max: 2048 }),
  location_id: fc.integer({ min: 1, max: 200 }),
  flavor_id: fc.integer({ min: 1, max: 200 }),
  target_iqn: fc.option(
    apiId.map((id) => `iqn.2019-08.com.servers:${id.toLowerCase()}`),
    { nil: null },
  ),
});

const sshKeyRecord = recordOf(SshKeySchema, { fingerprint });

const sslRecord = recordOf(SslCertificateSchema, {
  type: fc.constantFrom("custom", "letsencrypt"),
  sha1_fingerprint: fc.string({
    unit: fc.constantFrom(..."0123456789abcdef"),
    minLength: 40,
    maxLength: 40,
  }),
  domain_names: fc.array(fc.domain(), { maxLength: 3 }),
});

const cloudRecord = recordOf(CloudInstanceSchema, {
  status: mostly("ACTIVE", statusOf(cloudInstanceStates, "DELETED")),
  openstack_uuid: fc.uuid(),
  region_id: fc.integer({ min: 1, max: 50 }),
  flavor_id: apiId,
  image_id: apiId,
  backup_copies: fc.integer({ min: 0, max: 10 }),
});

/**
 * An instance record as the spec lists it: gpn_enabled, ipv6_enabled and backup_copies present.
 * Records without them (the fixtures' older ones) are the known issue tested at the end.
 */
const cloudRecordAsSpecified = fc
  .tuple(cloudRecord, fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 10 }))
  .map(([r, gpn, ipv6, copies]) => ({
    ...r,
    gpn_enabled: r.gpn_enabled ?? gpn,
    ipv6_enabled: r.ipv6_enabled ?? ipv6,
    backup_copies: r.backup_copies ?? copies,
  }));

const hostFields = {
  status: mostly("active", statusOf(hostStatusStates)),
  operational_status: mostly("normal", statusOf(hostOperationalStatusStates)),
  power_status: mostly("powered_on", statusOf(hostPowerStatusStates)),
  // Mostly not released: a released host reads as gone (read gives {}), covered elsewhere.
  scheduled_release_at: fc.option(timestamp, { nil: null, freq: 8 }),
  location_id: fc.integer({ min: 1, max: 200 }),
  title: fc.domain(),
  rack_id: fc.option(apiId, { nil: null }),
};

const sbmRecord = recordOf(SbmServerSchema, hostFields);

const FEATURES = [
  "private_ipxe_boot",
  "public_ipxe_boot",
  "no_private_ip",
  "no_public_ip_address",
  "no_public_network",
  "host_rescue_mode",
  "oob_public_access",
  "disaggregated_public_ports",
] as const;

/** A dedicated server as getDedicatedServer reads it: features and keys once it is active. */
const dedicatedLive: fc.Arbitrary<DedicatedServerLive> = fc
  .tuple(
    recordOf(DedicatedServerSchema, {
      ...hostFields,
      status: mostly("active", fc.constantFrom("init", "pending")),
      ipxe_config: fc.option(
        text.map((t) => `#!ipxe\n${t}`),
        { nil: null },
      ),
    }),
    fc.dictionary(
      fc.constantFrom(...FEATURES),
      mostly("deactivated", statusOf(dedicatedServerFeatureStates)),
      {
        maxKeys: 5,
        noNullPrototype: true,
      },
    ),
    fc.uniqueArray(fingerprint, { maxLength: 3 }),
  )
  .map(([server, features, keys]) =>
    server.status === "active"
      ? { server, features, sshKeyFingerprints: [...keys].sort() }
      : { server },
  );

const l2Live: fc.Arbitrary<L2SegmentRecord> = fc.record({
  segment: recordOf(L2SegmentSchema, {
    status: mostly("active", statusOf(l2SegmentStates)),
    type: fc.constantFrom("public", "private"),
    location_group_id: fc.integer({ min: 1, max: 50 }),
  }),
  // `get` always reads the members (only POST and PUT answers lack them).
  members: fc.uniqueArray(
    recordOf(L2MemberSchema, {
      mode: fc.constantFrom("native", "trunk"),
      vlan: fc.option(fc.integer({ min: 1, max: 4094 }), { nil: null }),
    }),
    { maxLength: 4, selector: (member) => member.id },
  ),
});

/** Addresses in the spellings people and services write: upper case, zeros, zone indexes. */
const anyIp = fc.oneof(
  ipv4,
  ipv6,
  ipv6.map((ip) => ip.toUpperCase()),
  fc.constantFrom("2001:DB8:0:0:0:0:0:1", "2001:db8::0001", "::ffff:192.0.2.1", "fe80::1%eth0"),
);

const ptrLive: fc.Arbitrary<PtrRecordOnTarget> = fc.record({
  target: fc.oneof(
    apiId.map((id) => ({ type: "cloud_instance" as const, id })),
    fc
      .tuple(
        fc.constantFrom("dedicated_server", "sbm_server", "kubernetes_baremetal_node" as const),
        apiId,
      )
      .map(([type, id]) => ({ type, id })),
  ),
  record: recordOf(PtrRecordSchema, {
    ip: anyIp,
    domain: fc.domain().chain((d) => fc.mixedCase(fc.constant(d))),
    ttl: fc.integer({ min: 1, max: 604_800 }),
    priority: fc.integer({ min: 0, max: 65_535 }),
  }),
});

const nodeRecord = recordOf(KubernetesBaremetalNodeSchema, {
  ...hostFields,
  title: fc.option(fc.domain(), { nil: null }),
  kubernetes_cluster_node_number: fc.integer({ min: 1, max: 100 }),
});

/** A shuffled copy of `items` (every item kept). */
const shuffled = <T>(items: readonly T[]) =>
  fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length });

const CASES: readonly KindCase<object>[] = [
  recordCase({
    name: "RbsVolume",
    kind: rbsVolumeKind,
    schema: RbsVolumeSchema,
    record: rbsRecord,
  }),
  recordCase({ name: "SshKey", kind: sshKeyKind, schema: SshKeySchema, record: sshKeyRecord }),
  recordCase({
    name: "SslCertificate",
    kind: sslCertificateKind,
    schema: SslCertificateSchema,
    record: sslRecord,
  }),
  recordCase({
    name: "LetsEncryptCertificateLabels",
    kind: letsEncryptCertificateLabelsKind,
    schema: SslCertificateSchema,
    record: sslRecord.map((r) => ({ ...r, type: "letsencrypt" })),
  }),
  recordCase({
    name: "CloudInstance",
    kind: cloudInstanceKind,
    schema: CloudInstanceSchema,
    record: cloudRecordAsSpecified,
    // An upgrade left awaiting confirmation is declared with "leave"; the default ("approve")
    // asks for the approval, a change by design. The live inputs do not say "leave" by themselves.
    declared: (r) =>
      r.status === "AWAITING_UPGRADE_CONFIRM" ? { upgradeConfirmation: "leave" } : {},
  }),
  kindCase({
    name: "SbmServer",
    kind: sbmServerKind,
    live: sbmRecord.map((r) =>
      parsed(
        SbmServerSchema,
        withSecrets({
          ...r,
          ...(r.configuration_details === undefined
            ? {}
            : { configuration_details: withSecrets(r.configuration_details) }),
        }),
      ),
    ),
    reparse: (r) => parsed(SbmServerSchema, r),
  }),
  kindCase({
    name: "DedicatedServer",
    kind: dedicatedServerKind,
    live: dedicatedLive.map((live) => ({
      ...live,
      server: parsed(DedicatedServerSchema, withSecrets(live.server)),
    })),
    reparse: (live) => ({ ...live, server: parsed(DedicatedServerSchema, live.server) }),
    // The feature list comes back in any order (an object here, by name).
    reordered: (live) =>
      shuffled(Object.entries(live.features ?? {})).map((entries) =>
        live.features === undefined ? live : { ...live, features: Object.fromEntries(entries) },
      ),
  }),
  kindCase({
    name: "L2Segment",
    kind: l2SegmentKind,
    live: l2Live.map(({ segment, members }) => ({
      segment: parsed(L2SegmentSchema, withSecrets(segment)),
      members: (members ?? []).map((m) => parsed(L2MemberSchema, withSecrets(m))),
    })),
    reparse: ({ segment, members }) => ({
      segment: parsed(L2SegmentSchema, segment),
      members: (members ?? []).map((m) => parsed(L2MemberSchema, m)),
    }),
    // The member list is a set: the API answers it in any order.
    reordered: (live) => shuffled(live.members ?? []).map((members) => ({ ...live, members })),
  }),
  kindCase({
    name: "PtrRecord",
    kind: ptrRecordKind,
    live: ptrLive.map(({ target, record }) => ({
      target,
      record: parsed(PtrRecordSchema, withSecrets(record)),
    })),
    reparse: ({ target, record }) => ({ target, record: parsed(PtrRecordSchema, record) }),
  }),
  recordCase({
    name: "KubernetesBaremetalNodePower",
    kind: kubernetesBaremetalNodePowerKind,
    schema: KubernetesBaremetalNodeSchema,
    record: nodeRecord,
  }),
];

/** What `read` reports for the object (props: the outputs; inputs: the live inputs). */
async function readOf(kindCase: KindCase<object>, live: object, props: PropertyBag = {}) {
  const { provider, calls } = providerFor(kindCase.kind, live);
  const result = await provider.read(kindCase.kind.id(live), props);
  expect(calls.filter((c) => !READS.test(c.method))).toEqual([]);
  return { provider, result, calls };
}

const isGone = (c: KindCase<object>, live: object) => c.kind.isGone?.(live) ?? false;

/** The secret marker only under the outputs the kind registers as additionalSecretOutputs. */
function expectSecretsSealed(c: KindCase<object>, outputs: PropertyBag): void {
  const secretNames = new Set(c.kind.secretOutputs);
  for (const [name, value] of Object.entries(outputs)) {
    if (secretNames.has(name)) continue;
    expect(JSON.stringify(value) ?? "", `output ${name}`).not.toContain(SECRET);
  }
}

describe.each(CASES)("$name: record -> outputs -> diff", (c) => {
  // A record the kind reads as gone makes read answer {} (the engine drops the resource).
  const present = c.live.filter((live) => !isGone(c, live));

  // The supported way to take an existing object over is `adoptId` (`pulumi import` does not work
  // with dynamic providers). Declaring exactly what the object is must then change nothing:
  // adopting it sends no request (for a server: no reinstall, no reboot), the next preview shows
  // no diff, a refresh (the object read again, maybe listed in another order, diffed against the
  // program's inputs as the engine's RefreshStep does) shows no drift, and an update from those
  // outputs to those inputs sends nothing either.
  it("adopted with its own live inputs: no request, no diff, no drift on refresh", async () => {
    const pair = present
      .filter((live) => c.kind.isReady(live))
      .chain((live) =>
        (c.reordered?.(live) ?? fc.constant(live)).map((other) => [live, other] as const),
      );
    await fc.assert(
      fc.asyncProperty(pair, async ([live, other]) => {
        const id = c.kind.id(live);
        const { result } = await readOf(c, live);
        const news = { ...(result.inputs ?? {}), ...c.declared?.(live), adoptId: id };
        const { provider, calls } = providerFor(c.kind, live);
        const created = await provider.create(news);
        expect(created.id).toBe(id);
        const state = created.outs ?? {};
        // The state as the engine stores it: plain data, secrets under secret names only.
        expectPlainData(state);
        expectSecretsSealed(c, state);
        const next = await provider.diff(id, state, news);
        expect({ replaces: next.replaces, updates: next.updates }).toEqual({
          replaces: [],
          updates: [],
        });
        expect(next.changes).toBe(false);

        const refreshed = await readOf(c, c.reparse(reversedKeys(other)), state);
        const drift = await provider.diff(id, refreshed.result.props ?? {}, news);
        expect(drift.updates.concat(drift.replaces)).toEqual([]);

        const updated = await provider.update(id, state, news);
        expect(updated.outs).toEqual(state);
        expect(calls.filter((call) => !READS.test(call.method))).toEqual([]);
      }),
      runs(150, 601),
    );
  });

  // The state holds a protobuf Struct: whatever is not plain JSON data is changed on the way
  // (undefined dropped, NaN to null), so the next diff would compare with other values.
  it("outputs and live inputs are plain JSON data that survive JSON unchanged", async () => {
    await fc.assert(
      fc.asyncProperty(present, async (live) => {
        const { result } = await readOf(c, live);
        for (const bag of [result.props, result.inputs]) {
          expectPlainData(bag);
          expect(JSON.parse(JSON.stringify(bag))).toEqual(bag);
        }
      }),
      runs(150, 602),
    );
  });

  // The user's labels come back exactly (no key or value changed, none lost) and the provider's
  // ownership label never shows: it would be a diff against every program.
  it("labels survive unchanged, without the ownership label", async () => {
    await fc.assert(
      fc.asyncProperty(present, async (live) => {
        const { result } = await readOf(c, live);
        if (!("labels" in c.kind.properties)) return;
        const expected = userLabelsOf(c.kind.labels(live));
        expect(result.props?.labels).toEqual(expected);
        expect(result.inputs?.labels).toEqual(expected);
      }),
      runs(150, 603),
    );
  });

  // The record carried secret-looking fields (the schema drops them) and RBS credentials come
  // from their own request: secrets may appear only under the outputs registered as secret,
  // and never in the inputs read reports (inputs are not sealed by additionalSecretOutputs).
  it("secrets never appear in clear", async () => {
    await fc.assert(
      fc.asyncProperty(present, async (live) => {
        const { result } = await readOf(c, live);
        expectSecretsSealed(c, result.props ?? {});
        expect(JSON.stringify(result.inputs)).not.toContain(SECRET);
        // What the kind's outputs function gives, before any secret is added.
        expect(JSON.stringify(c.kind.outputs(live))).not.toContain(SECRET);
      }),
      runs(150, 604),
    );
  });

  // Outputs depend on the record's content only: not on object identity, key order, or the
  // order of lists the API does not promise. A refresh that reads the same object answered in
  // another order must not show drift.
  it("the same record read again (other key and list order) gives the same outputs", async () => {
    const pair = present.chain((live) =>
      (c.reordered?.(live) ?? fc.constant(live)).map((other) => [live, other] as const),
    );
    await fc.assert(
      fc.asyncProperty(pair, async ([live, other]) => {
        const first = await readOf(c, live);
        const again = await readOf(c, c.reparse(reversedKeys(other)));
        expect(again.result.props).toEqual(first.result.props);
        expect(again.result.inputs).toEqual(first.result.inputs);
      }),
      runs(100, 605),
    );
  });
});

// --- inputs -> request bodies ---

/** The first request that is not a read, by area and method. */
function requestOf(calls: readonly Call[], area: string, method: string): unknown {
  const call = calls.find((c) => c.area === area && c.method === method);
  expect(call, `${area}.${method} was sent`).toBeDefined();
  return call?.args.at(-1);
}

/** Create/update through a client that answers every request with `record`. */
function echoing(record: unknown) {
  return recordingClient((call) => {
    if (call.method === "getSbmOperatingSystem") {
      return {
        id: 1,
        name: "ubuntu",
        full_name: "Ubuntu 24.04 x64",
        version: "24.04",
        arch: "x64",
        filesystems: ["ext4"],
      };
    }
    return call.area === "sbmServers" && call.method === "create" ? [record] : record;
  });
}

/** A context for `update` calls: only the complete inputs are read from it. */
function updateContext<Live extends object>(live: Live, news: PropertyBag) {
  return {
    news,
    record: live,
    waitUntil: async () => live,
    say: () => {},
  };
}

/**
 * A change of the name alone through `kind`, every request answered with `record`: the update
 * request (`area`.`method`) carries the record's name and labels. Answers the calls made.
 */
async function renamed<Live extends { name: string; labels: Record<string, string> }>(
  kind: ResourceKind<Live>,
  record: Live,
  id: string,
  [area, method]: readonly [string, string],
): Promise<readonly Call[]> {
  const { client, calls } = echoing(record);
  const inputs = kind.liveInputs(record);
  await kind.update(
    client,
    id,
    { name: inputs.name },
    record.labels,
    updateContext(record, inputs),
  );
  expect(requestOf(calls, area, method)).toEqual({ name: record.name, labels: record.labels });
  return calls;
}

describe("live inputs -> request bodies name the record's own values", () => {
  // The loop record -> live inputs -> body must give back the record's fields under their wire
  // names: a camelCase input mapped to the wrong field (flavor_id from locationId), or labels
  // that lose or gain an entry on the way, would show here.
  const someLabels = <T extends { labels?: Record<string, string> | undefined }>(r: T) =>
    r.labels ?? {};

  it("RbsVolume: create and update bodies", async () => {
    await fc.assert(
      fc.asyncProperty(
        rbsRecord.map((r) => parsed(RbsVolumeSchema, r)),
        async (record) => {
          fc.pre(
            record.size !== undefined &&
              record.location_id !== undefined &&
              record.flavor_id !== undefined,
          );
          const inputs = rbsVolumeKind.liveInputs(record);
          const labels = someLabels(record);
          const { client, calls } = echoing(record);
          await rbsVolumeKind.create(client, inputs, labels);
          expect(requestOf(calls, "rbsVolumes", "create")).toEqual({
            name: record.name,
            location_id: record.location_id,
            flavor_id: record.flavor_id,
            size: record.size,
            labels: record.labels ?? {},
          });
          await rbsVolumeKind.update(
            client,
            record.id,
            { name: inputs.name, size: inputs.size },
            labels,
            updateContext(record, inputs),
          );
          expect(requestOf(calls, "rbsVolumes", "update")).toEqual({
            name: record.name,
            size: record.size,
            labels: record.labels ?? {},
          });
        },
      ),
      runs(200, 701),
    );
  });

  it("CloudInstance: create body", async () => {
    await fc.assert(
      fc.asyncProperty(
        cloudRecord.map((r) => parsed(CloudInstanceSchema, r)),
        async (record) => {
          const { client, calls } = echoing(record);
          await cloudInstanceKind.create(
            client,
            cloudInstanceKind.liveInputs(record),
            record.labels,
          );
          const optional = (key: "gpn_enabled" | "ipv6_enabled" | "backup_copies") =>
            record[key] === undefined ? {} : { [key]: record[key] };
          expect(requestOf(calls, "cloudInstances", "create")).toEqual({
            name: record.name,
            region_id: record.region_id,
            flavor_id: record.flavor_id,
            image_id: record.image_id,
            labels: record.labels,
            ...optional("gpn_enabled"),
            ...optional("ipv6_enabled"),
            ...optional("backup_copies"),
          });
        },
      ),
      runs(200, 702),
    );
  });

  it("SbmServer: order body", async () => {
    await fc.assert(
      fc.asyncProperty(
        sbmRecord.map((r) => parsed(SbmServerSchema, r)),
        async (record) => {
          const details = record.configuration_details;
          fc.pre(
            typeof details?.sbm_flavor_model_id === "number" &&
              typeof details.operating_system_id === "number",
          );
          const { client, calls } = echoing(record);
          const created = await sbmServerKind.create(
            client,
            sbmServerKind.liveInputs(record),
            record.labels,
          );
          expect(created).toBe(record);
          expect(requestOf(calls, "sbmServers", "create")).toEqual({
            location_id: record.location_id,
            sbm_flavor_model_id: details?.sbm_flavor_model_id,
            operating_system_id: details?.operating_system_id,
            hosts: [{ hostname: record.title, labels: record.labels }],
          });
        },
      ),
      runs(200, 703),
    );
  });

  it("L2Segment: create and update bodies (members as a set)", async () => {
    await fc.assert(
      fc.asyncProperty(l2Live, async (live) => {
        const { segment } = live;
        const members = (live.members ?? []).map((m) => ({ id: m.id, mode: m.mode }));
        const byId = (list: readonly { id: string }[]) =>
          [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        const inputs = l2SegmentKind.liveInputs(live);
        const { client, calls } = echoing(segment);
        await l2SegmentKind.create(client, inputs, segment.labels ?? {});
        const body = requestOf(calls, "l2Segments", "create") as { members: { id: string }[] };
        expect({ ...body, members: byId(body.members) }).toEqual({
          name: segment.name,
          type: segment.type,
          location_group_id: segment.location_group_id,
          members: byId(members),
          // A record without labels (docs/wire.md: not promised) is adopted with none.
          labels: segment.labels ?? {},
        });
        await l2SegmentKind.update(
          client,
          segment.id,
          { name: inputs.name, members: inputs.members },
          segment.labels,
          updateContext(live, inputs),
        );
        const update = requestOf(calls, "l2Segments", "update") as { members: { id: string }[] };
        expect(byId(update.members)).toEqual(byId(members));
      }),
      runs(200, 704),
    );
  });

  it("PtrRecord: create body names the same address and domain", async () => {
    await fc.assert(
      fc.asyncProperty(ptrLive, async (live) => {
        const { client, calls } = echoing(live.record);
        await ptrRecordKind.create(client, ptrRecordKind.liveInputs(live), {});
        const body = requestOf(calls, areaOf(live.target.type), "createPtrRecord") as {
          ip: string;
          data?: string;
          domain?: string;
        };
        // The wire spells the domain `data` for cloud instances and `domain` for hosts.
        const domain = live.target.type === "cloud_instance" ? body.data : body.domain;
        expect(Object.keys(body)).not.toContain(
          live.target.type === "cloud_instance" ? "domain" : "data",
        );
        expect(canonicalIp(body.ip)).toBe(canonicalIp(live.record.ip));
        expect(canonicalDomain(domain ?? "")).toBe(canonicalDomain(live.record.domain));
        expect(body).toMatchObject({ ttl: live.record.ttl, priority: live.record.priority });
        expect(calls.find((c) => c.method === "createPtrRecord")?.args[0]).toBe(live.target.id);
      }),
      runs(200, 705),
    );
  });

  // The canonical forms diff compares must be fixed points, or a value written back from the
  // outputs would differ from itself on the next comparison.
  it("PtrRecord: canonical address and domain forms are idempotent", () => {
    fc.assert(
      fc.property(
        anyIp,
        fc.domain().chain((d) => fc.mixedCase(fc.constant(d))),
        (ip, domain) => {
          expect(canonicalIp(canonicalIp(ip))).toBe(canonicalIp(ip));
          expect(canonicalDomain(canonicalDomain(domain))).toBe(canonicalDomain(domain));
        },
      ),
      runs(500, 706),
    );
  });

  it("SshKey and SslCertificate: update bodies", async () => {
    await fc.assert(
      fc.asyncProperty(
        sshKeyRecord.map((r) => parsed(SshKeySchema, r)),
        sslRecord.map((r) => parsed(SslCertificateSchema, r)),
        async (key, certificate) => {
          const ssh = await renamed(sshKeyKind, key, key.fingerprint, ["sshKeys", "update"]);
          expect(ssh[0]?.args[0]).toBe(key.fingerprint);
          await renamed(sslCertificateKind, certificate, certificate.id, [
            "sslCertificates",
            "updateCustom",
          ]);
        },
      ),
      runs(200, 707),
    );
  });

  // The dedicated server's update decides its steps (features, script, reinstall) by its own
  // plan, apart from the diff: for the server's own live inputs that plan must be empty, or an
  // update started for another reason (a label) would reinstall or switch features unasked.
  it("DedicatedServer: the boot plan to the server's own live inputs is empty", () => {
    fc.assert(
      fc.property(dedicatedLive, (live) => {
        const details = live.server.configuration_details;
        const plan = planBoot(
          {
            features: activeFeatures(live) ?? [],
            operatingSystemId: details === undefined ? undefined : details.operating_system_id,
            ipxeConfig: live.server.ipxe_config ?? null,
          },
          inputsOf(dedicatedServerKind.liveInputs(live)),
        );
        expect(plan).toMatchObject({ deactivate: [], activate: [], reinstall: false });
        expect(isEmptyPlan(plan)).toBe(true);
      }),
      runs(300, 708),
    );
  });
});

function areaOf(type: PtrRecordOnTarget["target"]["type"]): string {
  switch (type) {
    case "cloud_instance":
      return "cloudInstances";
    case "dedicated_server":
      return "dedicatedServers";
    case "sbm_server":
      return "sbmServers";
    case "kubernetes_baremetal_node":
      return "kubernetesBaremetalNodes";
  }
}

// --- KubernetesCluster: its own lifecycle, its memory in the outputs ---

const clusterRecord: fc.Arbitrary<ClusterRecord> = fc.record({
  cluster: recordOf(KubernetesClusterSchema, { labels: userLabels }),
  // Node numbers are unique in a cluster, like ids: the outputs list the nodes by number.
  nodes: fc
    .uniqueArray(
      recordOf(KubernetesClusterNodeSchema, { number: fc.integer({ min: 1, max: 64 }) }),
      { maxLength: 5, selector: (node) => node.number },
    )
    .filter((nodes) => new Set(nodes.map((n) => n.id)).size === nodes.length),
});

/** What the resource remembers: maybe the labels, and the groups of some of the nodes. */
const clusterState: fc.Arbitrary<{ record: ClusterRecord; memory: ClusterMemory }> = clusterRecord
  .map((record) => parsedCluster(record))
  .chain((record) =>
    fc.record({
      record: fc.constant(record),
      memory: fc.record(
        {
          originalLabels: userLabels,
          originalNodeGroups: fc
            .subarray(record.nodes.map((n) => n.id))
            .chain((ids) =>
              fc
                .tuple(...ids.map((id) => fc.tuple(fc.constant(id), apiId)))
                .map((pairs) => Object.fromEntries(pairs)),
            ),
        },
        { requiredKeys: ["originalNodeGroups"], noNullPrototype: true },
      ),
    }),
  );

function parsedCluster(record: ClusterRecord): ClusterRecord {
  return {
    cluster: parsed(KubernetesClusterSchema, withSecrets(record.cluster)),
    nodes: record.nodes.map((n) => parsed(KubernetesClusterNodeSchema, withSecrets(n))),
  };
}

describe("KubernetesCluster: record + memory -> outputs -> diff", () => {
  // What the resource must put back on delete exists only in its outputs: reading it back from
  // them must give exactly what was written, or a destroy restores the wrong labels and groups.
  it("the memory survives the outputs (and JSON)", () => {
    fc.assert(
      fc.property(clusterState, ({ record, memory }) => {
        const outputs = JSON.parse(JSON.stringify(clusterOutputs(record, memory)));
        expect(memoryFrom(outputs)).toEqual(memory);
      }),
      runs(300, 801),
    );
  });

  it("outputs against live inputs: no change; plain data; no secrets; labels as they are", () => {
    fc.assert(
      fc.property(clusterState, ({ record, memory }) => {
        const outputs = clusterOutputs(record, memory);
        const inputs = clusterLiveInputs(record, memory);
        expect(diffKubernetesCluster(outputs, inputs).changes).toBe(false);
        expectPlainData(outputs);
        expectPlainData(inputs);
        expect(JSON.stringify([outputs, inputs])).not.toContain(SECRET);
        expect(outputs.labels).toEqual(record.cluster.labels);
        // The node list does not depend on the order the API lists the nodes in.
        const reversed = { ...record, nodes: [...record.nodes].reverse() };
        expect(jsonEqual(clusterOutputs(reversed, memory), outputs)).toBe(true);
      }),
      runs(300, 802),
    );
  });

  // The wish the live inputs express changes no label; it moves a node only to put back one the
  // resource placed and that has since left every group (there is no "no group" to keep).
  it("planning towards the live inputs sends no label and moves no placed node", () => {
    fc.assert(
      fc.property(clusterState, ({ record, memory }) => {
        const plan = planChanges(record, memory, wishOf(clusterLiveInputs(record, memory)));
        expect(plan.labels).toBeUndefined();
        expect(plan.unknownNodes).toEqual([]);
        const groupless = new Set(
          record.nodes.filter((n) => n.node_group == null).map((n) => n.id),
        );
        for (const move of plan.moves) expect(groupless.has(move.nodeId)).toBe(true);
      }),
      runs(300, 803),
    );
  });
});

// --- found by these properties, fixed, kept as examples ---

describe("counterexamples found here", () => {
  // CloudInstance, found by "adopted with its own live inputs": a record without gpn_enabled,
  // ipv6_enabled and backup_copies (the schema makes them optional: "the fixtures' older records
  // lack them") diffed against ANY program (absent inputs compared as false, false and 0 with an
  // absent live value), so every preview showed an update and every update PUT the defaults.
  // Such a record is now taken to hold the API's defaults.
  it("CloudInstance without gpn_enabled/ipv6_enabled/backup_copies diffs as no change", async () => {
    const record = parsed(CloudInstanceSchema, {
      id: "aaaa",
      openstack_uuid: "00000000-0000-1000-8000-000000000000",
      status: "ACTIVE",
      name: "web",
      region_id: 1,
      region_code: "AMS1",
      flavor_id: "f1",
      image_id: "i1",
      public_ipv4_address: null,
      private_ipv4_address: null,
      public_ipv6_address: null,
      labels: {},
      created_at: "2015-01-01T00:00:00Z",
      updated_at: "2015-01-01T00:00:00Z",
    });
    const { provider } = providerFor(cloudInstanceKind, record);
    const read = await provider.read("aaaa", {});
    const diff = await provider.diff("aaaa", read.props ?? {}, read.inputs ?? {});
    expect(diff.updates).toEqual([]);
  });
});
