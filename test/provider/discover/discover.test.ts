// serverscom-discover against a simulated account holding objects of every kind (account.ts):
// one import entry per object, nothing twice, nothing left out silently (the counts per kind are
// the simulator's inventory minus what it names), names valid and stable, the filters, objects
// another stack manages, the additions, the requests it makes, and a failure midway.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDITIONS, KIND_NAMES } from "../../../provider/discover/kinds";
import { type RunContext, runDiscover } from "../../../provider/discover/run";
import { OBJECT_KINDS } from "../../../scripts/soak/kinds";
import { OWNED, type SeededAccount, seededAccount } from "./account";

let account: SeededAccount;
let dir: string;
/** Everything any run printed: searched for the token at the end. */
const printed: string[] = [];

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string[];
}

async function run(
  args: readonly string[],
  context: Partial<Pick<RunContext, "env" | "client" | "now">> = {},
): Promise<Run> {
  let stdout = "";
  const stderr: string[] = [];
  const code = await runDiscover(args, {
    ...context,
    env: context.env ?? {
      SERVERSCOM_API_TOKEN: account.sim.token,
      SERVERSCOM_API_URL: account.sim.url,
    },
    stdout: (text) => {
      stdout += text;
    },
    stderr: (line) => stderr.push(line),
  });
  printed.push(stdout, ...stderr);
  return { code, stdout, stderr };
}

async function ok(args: readonly string[]): Promise<Run> {
  const r = await run(args);
  expect(r.code, r.stderr.join("\n")).toBe(0);
  return r;
}

interface ImportSpec {
  type: string;
  name: string;
  id: string;
  parent?: string;
}
const specsOf = (r: Run) => (JSON.parse(r.stdout) as { resources: ImportSpec[] }).resources;
const kindOf = (spec: ImportSpec) => spec.type.replace("serverscom:index:", "");
const madeId = (name: string) => account.made.get(name)?.id ?? `(no ${name})`;

/** Requests since the last clear, by "METHOD route". */
async function requests(): Promise<Record<string, number>> {
  return account.sim.control.requestCounts();
}

beforeAll(async () => {
  account = await seededAccount();
  dir = mkdtempSync(join(tmpdir(), "serverscom-discover-"));
}, 120_000);
afterAll(async () => {
  await account?.sim.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe("serverscom-discover: the import file", () => {
  it("one entry per object of every kind: the inventory minus what it names as left out", async () => {
    const r = await ok([]);
    const specs = specsOf(r);
    expect(new Set(specs.map((s) => `${s.type} ${s.id}`)).size, "nothing twice").toBe(specs.length);
    for (const kind of KIND_NAMES) {
      const spec = OBJECT_KINDS[kind];
      if (spec === undefined) throw new Error(`no inventory of ${kind}`);
      const records = (await account.sim.control.records(spec.collection))
        .filter((record) => spec.mine?.(record) ?? true)
        .filter((record) => spec.live(record));
      expect(records.length, `the account holds objects of ${kind}`).toBeGreaterThan(0);
      const listed = specs.filter((s) => kindOf(s) === kind);
      const named = r.stderr.filter((line) => line.includes(`left out ${kind} `));
      expect(listed.length + named.length, kind).toBe(records.length);
    }
  });

  it("each entry has the kind's type token and the id pulumi import takes (README's table)", async () => {
    const specs = specsOf(await ok([]));
    // Every object the program made and no other stack keeps is there, by the id its resource had.
    for (const [name, { kind, id }] of account.made) {
      if ((OWNED as readonly string[]).includes(name) || name === "www") continue;
      expect(
        specs.some((s) => s.type === `serverscom:index:${kind}` && s.id === id),
        `${kind} ${name} ${id}`,
      ).toBe(true);
    }
    const idOf = (kind: string) => specs.find((s) => kindOf(s) === kind)?.id ?? "";
    expect(idOf("PtrRecord")).toMatch(/^cloud_computing\/instances\/[^/]+\/ptr_records\/[^/]+$/);
    expect(idOf("Subnetwork")).toMatch(/^network_pools\/NpAms1Pr\/subnetworks\/[^/]+$/);
    expect(idOf("HostNetwork")).toBe(
      `hosts/dedicated_servers/${madeId("db")}/networks/${idOf("HostNetwork").split("/").at(-1)}`,
    );
    expect(idOf("CloudSnapshot")).toMatch(/^1\/[^/]+$/);
    expect(idOf("SshKey")).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
  });

  it("names: valid identifiers, unique, from the objects' own words, stable across runs", async () => {
    const first = await ok([]);
    const second = await ok([]);
    expect(second.stdout).toBe(first.stdout);
    const names = specsOf(first).map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][A-Za-z0-9_]*$/);
    const nameOf = (kind: string, id: string) =>
      specsOf(first).find((s) => kindOf(s) === kind && s.id === id)?.name;
    expect(nameOf("SbmServer", madeId("web"))).toBe("web1");
    expect(nameOf("DedicatedServer", madeId("db"))).toBe("db1");
    expect(nameOf("KubernetesCluster", "K8sProd1")).toBe("k8sProd");
    expect(nameOf("LetsEncryptCertificateLabels", "LeCert01")).toBe("exampleComCertificate");
  });

  it("parent hints: an object that lives on another names it, and the parent comes first", async () => {
    const specs = specsOf(await ok([]));
    const position = new Map(specs.map((s, n) => [s.name, n]));
    const parentOf = (kind: string) => specs.find((s) => kindOf(s) === kind)?.parent;
    expect(parentOf("PtrRecord")).toBe(specs.find((s) => s.id === madeId("app"))?.name);
    expect(parentOf("HostNetwork")).toBe("db1");
    for (const s of specs) {
      if (s.parent === undefined) continue;
      expect(position.get(s.parent), s.name).toBeLessThan(position.get(s.name) ?? -1);
    }
  });

  it("objects another stack manages are left out and named; --include-owned lists them", async () => {
    const r = await ok([]);
    const ids = specsOf(r).map((s) => s.id);
    for (const name of OWNED) {
      expect(ids).not.toContain(madeId(name));
      expect(r.stderr.join("\n")).toContain(`${madeId(name)} (`);
    }
    // The zone's records go with it (they carry no label of their own).
    const record = `${madeId("zone")}/`;
    expect(ids.some((id) => id.startsWith(record))).toBe(false);
    expect(r.stderr.some((line) => line.includes(`left out DnsRecord ${record}`))).toBe(true);
    const all = specsOf(await ok(["--include-owned"])).map((s) => s.id);
    expect(all).toContain(madeId("data"));
    expect(all).toContain(madeId("zone"));
    expect(all.some((id) => id.startsWith(record))).toBe(true);
  });

  it("a node that is powered off is left out: importing its power would switch it on", async () => {
    const r = await ok(["--kinds", "KubernetesBaremetalNodePower"]);
    expect(specsOf(r).map((s) => s.id)).not.toContain("BmNode03");
    expect(r.stderr.join("\n")).toMatch(
      /left out KubernetesBaremetalNodePower BmNode03 .*powered_off/,
    );
  });

  it("what the API never returns is named per object (README's import table)", async () => {
    const r = await ok([]);
    for (const [kind, additions] of Object.entries(ADDITIONS)) {
      const spec = specsOf(r).find((s) => kindOf(s) === kind);
      if (spec === undefined) throw new Error(`no ${kind} listed`);
      const line = r.stderr.find((l) => l.includes(`${spec.name} (${kind} ${spec.id})`)) ?? "";
      for (const addition of additions ?? []) expect(line, kind).toContain(addition.property);
    }
  });

  it("--out writes the same file, whole", async () => {
    const out = join(dir, "import.json");
    const r = await ok(["--out", out]);
    expect(r.stdout).toBe("");
    expect(readFileSync(out, "utf8")).toBe((await ok([])).stdout);
  });
});

describe("serverscom-discover: filters", () => {
  it("--kinds lists those kinds only, and reads only their lists", async () => {
    await account.sim.control.clearRequestCounts();
    const specs = specsOf(await ok(["--kinds", "SshKey,dnsrecord"]));
    expect(new Set(specs.map(kindOf))).toEqual(new Set(["SshKey"]));
    expect(Object.keys(await requests()).sort()).toEqual([
      "GET /v1/dns/domains",
      "GET /v1/dns/domains/:domain_id/records",
      "GET /v1/ssh_keys",
    ]);
  });

  it("--locations keeps objects in those locations or regions, and no global ones", async () => {
    const specs = specsOf(await ok(["--locations", "dfw1"]));
    expect(specs.map((s) => s.id)).toEqual(["K8sStag1"]);
    const ams = specsOf(await ok(["--locations", "AMS1"]));
    expect(ams.some((s) => kindOf(s) === "SshKey" || kindOf(s) === "DnsZone")).toBe(false);
    expect(ams.some((s) => kindOf(s) === "SbmServer")).toBe(true);
  });

  it("--selector matches labels; objects without labels match on what they live on", async () => {
    const specs = specsOf(await ok(["--selector", "app=all-kinds"]));
    const kinds = new Set(specs.map(kindOf));
    expect(kinds.has("SbmServer")).toBe(true);
    expect(kinds.has("PtrRecord")).toBe(true); // on the instance "app", labelled app=all-kinds
    expect(specs.map((s) => s.id)).not.toContain("K8sStag1"); // env=staging only
    expect(kinds.has("DedicatedServer")).toBe(false); // labelled app=all
  });

  it("--ids keeps those objects, by id or by the id pulumi import takes", async () => {
    const ptr = specsOf(await ok(["--kinds", "PtrRecord"]))[0]?.id ?? "";
    const specs = specsOf(await ok(["--ids", `${madeId("web")},${ptr.split("/").at(-1)}`]));
    expect(specs.map((s) => s.id).sort()).toEqual([madeId("web"), ptr].sort());
  });
});

describe("serverscom-discover: requests", () => {
  it("lists, never a GET per object: one request per page of each list", async () => {
    await account.sim.control.clearRequestCounts();
    await ok([]);
    const counts = await requests();
    for (const route of Object.keys(counts)) {
      expect(route.startsWith("GET "), route).toBe(true);
      // A GET of one object ends with its id; a list ends with a collection's name.
      expect(route, "a GET of one object").not.toMatch(/\/:[a-z_]+$/);
    }
    // One list per kind's collection, and one sub-list per parent (2 regions, 3 pools, ...).
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(total).toBe(30);
  });

  it("--typescript reads one object more only where a list lacks inputs (zones, features, members)", async () => {
    await account.sim.control.clearRequestCounts();
    await ok(["--typescript"]);
    const single = Object.entries(await requests())
      .filter(([route]) => /\/:[a-z_]+$/.test(route))
      .map(([route, n]) => `${route} ${n}`)
      .sort();
    expect(single).toEqual([
      "GET /v1/hosts/dedicated_servers/:id 1",
      "GET /v1/l2_segments/:id 1",
      "GET /v1/load_balancers/l4/:id 1",
      "GET /v1/load_balancers/l7/:id 1",
    ]);
  });
});

describe("serverscom-discover: failures", () => {
  it("an API failure midway: a clear error, exit 1, nothing written (stdout or --out)", async () => {
    const out = join(dir, "kept.json");
    writeFileSync(out, "the previous file\n");
    await account.sim.control.setFaults({
      rules: [{ kind: "error5xx", probability: 1, path: "/v1/dns/domains/*/records", status: 500 }],
    });
    try {
      for (const args of [[], ["--out", out], ["--typescript"]]) {
        const r = await run(args, { client: { maxRetries: 0 } });
        expect(r.code).toBe(1);
        expect(r.stdout).toBe("");
        expect(r.stderr.at(-1)).toMatch(
          /^serverscom-discover: stopped: .*500.*Nothing was written/,
        );
      }
      expect(readFileSync(out, "utf8")).toBe("the previous file\n");
      expect(existsSync(join(dir, "never.json"))).toBe(false);
    } finally {
      await account.sim.control.setFaults({});
    }
  });

  it("bad flags: an error naming the flag, exit 2, before any request", async () => {
    await account.sim.control.clearRequestCounts();
    const cases: [string[], RegExp][] = [
      [
        ["--kinds", "RbsVolume,Volume"],
        /^serverscom-discover: --kinds: there is no resource kind "Volume"/,
      ],
      [["--kinds"], /--kinds needs a value/],
      [["--locations", "AMS1,"], /--locations "AMS1,": an empty item/],
      [["--selector", "env=="], /--selector "env==":/],
      [["--out"], /--out needs a file name/],
      [["--typescript=yes"], /--typescript takes no value/],
      [["--kinds", "SshKey", "--kinds", "DnsZone"], /--kinds is given twice/],
      [["--verbose"], /--verbose: not an option of serverscom-discover/],
    ];
    for (const [args, message] of cases) {
      const r = await run(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr.join("\n"), args.join(" ")).toMatch(message);
    }
    expect(await requests()).toEqual({});
  });

  it("no token: names SERVERSCOM_API_TOKEN, before any request", async () => {
    await account.sim.control.clearRequestCounts();
    const r = await run([], { env: { SERVERSCOM_API_URL: account.sim.url } });
    expect(r.code).toBe(2);
    expect(r.stderr.join("\n")).toMatch(
      /no API token\. Set the SERVERSCOM_API_TOKEN environment variable/,
    );
    expect(await requests()).toEqual({});
  });

  it("a wrong token: the API's 401 and where the token comes from", async () => {
    const r = await run([], {
      env: { SERVERSCOM_API_TOKEN: "not-the-token", SERVERSCOM_API_URL: account.sim.url },
      client: { maxRetries: 0 },
    });
    expect(r.code).toBe(1);
    expect(r.stderr.at(-1)).toMatch(/401.*SERVERSCOM_API_TOKEN/);
  });
});

describe("serverscom-discover: --typescript", () => {
  it("one resource per entry, adopted by id, additions from the stack configuration", async () => {
    const specs = specsOf(await ok([]));
    const program = (await ok(["--typescript"])).stdout;
    for (const s of specs) {
      expect(program).toContain(`new serverscom.${kindOf(s)}(${JSON.stringify(s.name)}, {`);
      if (kindOf(s) === "KubernetesCluster") expect(program).toContain(`clusterId: "${s.id}"`);
      else if (kindOf(s) === "KubernetesBaremetalNodePower")
        expect(program).toContain(`nodeId: "${s.id}"`);
      else expect(program).toContain(`adoptId: ${JSON.stringify(s.id)}`);
    }
    expect(program).toContain('privateKey: config.requireSecret("sitePrivateKey")');
    expect(program).toContain(
      'drives: config.requireObject<serverscom.DedicatedServerArgs["drives"]>("db1Drives")',
    );
    expect(program).toContain(`volumeId: "${madeId("vol")}"`);
  });

  it("a progress line while sub-lists are read (one per parent), at most every 2 s", async () => {
    let clock = 0;
    const r = await run(["--kinds", "PtrRecord"], {
      now: () => {
        clock += 3000;
        return clock;
      },
    });
    expect(r.code).toBe(0);
    // Three bare metal nodes: a line after the first and the second, none after the last.
    expect(
      r.stderr.filter((l) => l.includes("reading PTR records of kubernetes_baremetal_node")),
    ).toEqual([
      "serverscom-discover: reading PTR records of kubernetes_baremetal_node hosts: 1 of 3 done",
      "serverscom-discover: reading PTR records of kubernetes_baremetal_node hosts: 2 of 3 done",
    ]);
  });

  it("a progress line while live values are read, at most every 2 s", async () => {
    let clock = 0;
    const r = await run(["--typescript"], {
      now: () => {
        clock += 500;
        return clock;
      },
    });
    expect(r.code).toBe(0);
    expect(r.stderr.some((l) => /read the live values of \d+ of \d+ objects/.test(l))).toBe(true);
  });
});

describe("serverscom-discover: the token", () => {
  it("is never printed", () => {
    expect(printed.join("\n")).not.toContain(account.sim.token);
  });
});
