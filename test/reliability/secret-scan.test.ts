// The secret scan itself (test/support/secret-scan.ts, issue 8): a scan that finds nothing is only
// worth something if it would find a secret that is there. So: the scanner finds a planted API
// token, RBS password and private key in every capture channel, in clear or as JSON stores it;
// the real captures (harness, test bed, simulator, program registrations) feed it; and a secret
// sealed as the engine stores it is not a hit. Planted secrets go to registries of these tests'
// own (withRegistry), so this file's own scan, run after it, stays clean.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { SslCertificate } from "../../provider/index";
import { rbsVolumeKind } from "../../provider/rbs-volume/definition";
import { ServersComClient } from "../../sdk/client";
import { type Simulator, startSimulator } from "../../simulator";
import { EngineHarness, type Program } from "../engine/harness";
import { simulatorConfig } from "../examples/support";
import { captureRegistrations, settle } from "../provider/mocks";
import { failureOf, startTestBed, volumeInputs } from "../provider/support";
import {
  CaptureRegistry,
  CHANNELS,
  type Channel,
  currentRegistry,
  hitReport,
  MIN_SECRET_LENGTH,
  withRegistry,
} from "../support/captured";

const REPO = join(__dirname, "..", "..");
const DATA = join(REPO, "test", "simulator", "data");
const CERTIFICATE = readFileSync(join(DATA, "ssl-cert.pem"), "utf8");
const PRIVATE_KEY = readFileSync(join(DATA, "ssl-key.pem"), "utf8");
/** SSH private material as ssh-keygen writes it (the body opens with "openssh-key-v1"). */
const SSH_PRIVATE_KEY =
  "-----BEGIN OPENSSH PRIVATE KEY-----\n" +
  "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n" +
  "-----END OPENSSH PRIVATE KEY-----\n";
/** The marker of a value sealed in the stored state (Pulumi's secret signature). */
const SEALED = "1b47061264138c4ac30d75fd1eb44270";

const token = () => `sim-${randomBytes(18).toString("base64url")}`;
const password = () => randomBytes(18).toString("base64url");
const planted = () => `planted-${randomBytes(9).toString("hex")}`;

/** How each secret can sit in a captured text: in clear, or inside JSON (the stored state). */
const placements: Record<string, (secret: string) => string> = {
  "in clear": (secret) => `before ${secret} after`,
  "inside JSON": (secret) => JSON.stringify({ inputs: { field: secret } }),
};

const secrets: Record<string, () => string> = {
  "API token": token,
  "RBS password": password,
  "certificate private key": () => PRIVATE_KEY,
};

/** Where each secret was found, once per channel, in a stable order. */
function hitsOf(registry: CaptureRegistry) {
  const found = new Set(registry.scan().hits.map(({ channel, secret }) => `${channel}\t${secret}`));
  return [...found].sort().map((key) => {
    const [channel, secret] = key.split("\t");
    return { channel, secret };
  });
}

describe("the scanner", () => {
  const cases = CHANNELS.flatMap((channel) =>
    Object.keys(secrets).flatMap((kind) =>
      Object.keys(placements).map((placement) => [channel, kind, placement] as const),
    ),
  );

  it.each(cases)("finds it in %s: a planted %s %s", (channel, kind, placement) => {
    const registry = new CaptureRegistry();
    const secret = secrets[kind]?.() ?? "";
    registry.addSecret(kind, secret);
    registry.addText(channel, "test", `${placements[placement]?.(secret)}`);
    registry.addText(channel, "test", "an innocent line");
    expect(hitsOf(registry)).toEqual([{ channel, secret: kind }]);
  });

  it("finds one line of a known key echoed alone", () => {
    const registry = new CaptureRegistry();
    registry.addSecret("certificate private key", PRIVATE_KEY);
    const line = PRIVATE_KEY.split("\n")[3] ?? "";
    expect(line.length).toBeGreaterThanOrEqual(60);
    registry.addText("error", "test", `publicKey: unexpected "${line}"`);
    expect(hitsOf(registry)).toEqual([{ channel: "error", secret: "certificate private key" }]);
  });

  it("finds private key material no one told it about: PEM and OpenSSH, in clear or JSON", () => {
    const registry = new CaptureRegistry();
    registry.addText("stderr", "test", PRIVATE_KEY);
    registry.addText("state", "test", JSON.stringify({ key: PRIVATE_KEY }));
    registry.addText("error", "test", `publicKey: ${SSH_PRIVATE_KEY} is not a public key`);
    expect(hitsOf(registry)).toEqual([
      { channel: "error", secret: "OPENSSH PRIVATE KEY material (PEM)" },
      { channel: "state", secret: "PRIVATE KEY material (PEM)" },
      { channel: "stderr", secret: "PRIVATE KEY material (PEM)" },
    ]);
  });

  it(`ignores secrets shorter than ${MIN_SECRET_LENGTH} characters, which ordinary text holds`, () => {
    const registry = new CaptureRegistry();
    registry.addSecret("short", "abc1234");
    registry.addSecret("long enough", "abc12345");
    registry.addText("progress", "test", "abc1234 abc12345");
    expect(registry.secrets.size).toBe(1);
    expect(hitsOf(registry)).toEqual([{ channel: "progress", secret: "long enough" }]);
  });

  it("reports where and what, never the secret (nor another one next to it)", () => {
    const registry = new CaptureRegistry();
    const [first, second] = [token(), password()];
    registry.addSecret("API token", first);
    registry.addText("error", "a harness", `authorization: Bearer ${first} ${second}`);
    const { hits } = registry.scan();
    const report = hitReport(hits);
    expect(report).toContain("API token in error (a harness): authorization: Bearer [API token]");
    expect(report).not.toContain(first);
    expect(report).not.toContain(second);
  });

  it("counts what it scanned, by channel, each text once", () => {
    const registry = new CaptureRegistry();
    registry.addText("stderr", "a", "line one");
    registry.addText("stderr", "b", "line one");
    registry.addText("progress", "a", "line two");
    registry.addText("progress", "a", "");
    const result = registry.scan();
    expect(result).toMatchObject({ texts: 2, bytes: 16, hits: [] });
    expect(result.byChannel.stderr).toEqual({ texts: 1, bytes: 8 });
  });
});

describe("what the harness captures", () => {
  const volume =
    (resource: string, name: string): Program =>
    (serverscom) => {
      new serverscom.RbsVolume(resource, { name, locationId: 1, flavorId: 1, size: 100 });
    };

  function harness(sim: Simulator): EngineHarness {
    return new EngineHarness({
      projectDir: join(REPO, "test", "engine", "project"),
      project: "engine-harness",
      stack: "dev",
      config: simulatorConfig(sim),
      env: { SERVERSCOM_POLL_INTERVAL_MS: "5" },
      reuseHost: true,
    });
  }

  it("state, __provider, stderr, registrations and secrets; a sealed password is no hit", async () => {
    const registry = new CaptureRegistry();
    await withRegistry(registry, async () => {
      const sim = await startSimulator({ speed: 3000 });
      const engine = harness(sim);
      try {
        await engine.up(volume("data", "data"));
        const [record] = await sim.control.records("rbs_volumes");
        const secret = String(record?._password);
        expect(registry.secrets.get(sim.token)).toBe("API token");
        expect(registry.secrets.get(secret)).toBe("RBS password");
        expect(registry.secrets.get(String(record?._username))).toBe("RBS username");

        const states = registry.texts("state");
        expect(states.some((text) => text.includes(SEALED))).toBe(true);
        expect(registry.texts("__provider").length).toBeGreaterThan(0);
        expect(registry.texts("program registrations").join("\n")).toContain('"size":100');
        expect(registry.texts("stderr")).toContainEqual(
          expect.stringMatching(/^serverscom:RbsVolume data \(\w+\): creating -> active/),
        );
        const result = registry.scan();
        expect(result.hits).toEqual([]);
        expect(result.byChannel.state.texts).toBeGreaterThan(0);
        await engine.destroy();
      } finally {
        await engine.close();
        await sim.close();
      }
    });
  }, 60_000);

  it("a planted secret is found in the state, __provider, stderr, registrations and errors", async () => {
    const registry = new CaptureRegistry();
    const secret = planted();
    registry.addSecret("planted", secret);
    await withRegistry(registry, async () => {
      const sim = await startSimulator({ speed: 3000 });
      const engine = harness(sim);
      try {
        // As the volume's name it reaches the state, the registration and a progress line.
        const program = volume("data", secret);
        await engine.up(program);
        // As the serialised provider's text (a comment keeps it loadable) it is stored too.
        const [urn, stored] = [...engine.state][0] ?? [];
        if (urn === undefined || stored === undefined) throw new Error("nothing stored");
        const provider = `${String(stored.inputs.__provider)}\n/* ${secret} */`;
        engine.state.set(urn, { ...stored, inputs: { ...stored.inputs, __provider: provider } });
        await engine.preview(program);
        // As a resource's name it is in the error of a check that fails.
        const failing: Program = (serverscom) => {
          new serverscom.RbsVolume(secret, { locationId: 1, flavorId: 1, size: 0 });
        };
        await expect(engine.up(failing)).rejects.toThrow(secret);
        await engine.destroy();
      } finally {
        await engine.close();
        await sim.close();
      }
    });
    const channels = new Set(
      registry
        .scan()
        .hits.filter((hit) => hit.secret === "planted")
        .map((hit) => hit.channel),
    );
    const expected: Channel[] = ["state", "__provider", "program registrations", "stderr", "error"];
    expect([...channels].sort()).toEqual(expected.sort());
  }, 60_000);
});

describe("what a test bed and the provider in process capture", () => {
  it("progress lines, outputs as stored (secret ones left out) and failure messages", async () => {
    const registry = new CaptureRegistry();
    const secret = planted();
    registry.addSecret("planted", secret);
    await withRegistry(registry, async () => {
      const bed = await startTestBed();
      try {
        const provider = createKindProvider(rbsVolumeKind, bed.context);
        const { outs } = await provider.create(
          volumeInputs(secret, { locationId: 1, flavorId: 1, size: 100 }),
        );
        await failureOf(Promise.reject(new Error(`could not reach ${secret}`)));
        expect(registry.secrets.get(bed.sim.token)).toBe("API token");
        // The password is an output, left out of what is stored in clear.
        const passwordOut = String((outs as Record<string, unknown>).password);
        expect(registry.secrets.has(passwordOut)).toBe(true);
        expect(registry.texts("state").join("\n")).not.toContain(passwordOut);
      } finally {
        await bed.close();
      }
    });
    expect(hitsOf(registry)).toEqual([
      { channel: "error", secret: "planted" },
      { channel: "progress", secret: "planted" },
      { channel: "state", secret: "planted" },
    ]);
  });
});

describe("what the simulator stores", () => {
  it("every token, RBS credential and private key, when stored: also once deleted", async () => {
    const registry = new CaptureRegistry();
    await withRegistry(registry, async () => {
      const sim = await startSimulator({ speed: 0 });
      const client = new ServersComClient({ token: sim.token, baseUrl: sim.url });
      try {
        const volume = await client.rbsVolumes.create({
          name: "data",
          location_id: 1,
          flavor_id: 1,
          size: 100,
        });
        const first = String((await sim.control.peek("rbs_volumes", volume.id))?._password);
        await sim.control.advance(3_600_000);
        await client.rbsVolumes.resetCredentials(volume.id);
        const second = (await client.rbsVolumes.getCredentials(volume.id)).password;
        await client.sslCertificates.createCustom({
          name: "site",
          public_key: CERTIFICATE,
          private_key: PRIVATE_KEY,
        });
        await client.rbsVolumes.delete(volume.id);
        await sim.control.advance(3_600_000);
        expect(await sim.control.records("rbs_volumes")).toEqual([]);
        expect(registry.secrets.get(sim.token)).toBe("API token");
        expect(registry.secrets.get(first)).toBe("RBS password");
        expect(registry.secrets.get(second)).toBe("RBS password");
        expect(second).not.toBe(first);
        expect(registry.secrets.get(PRIVATE_KEY)).toBe("certificate private key");
      } finally {
        await client.close();
        await sim.close();
      }
    });
  });
});

describe("what a program registers", () => {
  it("wrapped secrets are redacted and become known; a copy in clear is a hit", async () => {
    const registry = new CaptureRegistry();
    await withRegistry(registry, async () => {
      await captureRegistrations();
      const sealed = new SslCertificate("site", {
        publicKey: CERTIFICATE,
        privateKey: PRIVATE_KEY,
      });
      await settle(sealed);
      expect(registry.scan().hits).toEqual([]);
      expect(registry.secrets.get(PRIVATE_KEY)).toMatch(/^secret of program /);
      expect(registry.texts("program registrations").join("\n")).toContain(
        '"privateKey":"[secret]"',
      );
      // The key pasted where no secret is expected: the engine would store it in clear.
      const leaked = new SslCertificate("leak", { publicKey: PRIVATE_KEY, privateKey: "x" });
      await settle(leaked);
    });
    expect(hitsOf(registry)).toContainEqual({
      channel: "program registrations",
      secret: expect.stringMatching(/^secret of program /),
    });
  });

  it("captures go back to the file's registry afterwards, so planted secrets stay here", async () => {
    const file = currentRegistry();
    const own = new CaptureRegistry();
    await withRegistry(own, async () => expect(currentRegistry()).toBe(own));
    expect(currentRegistry()).toBe(file);
    await expect(withRegistry(own, () => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(currentRegistry()).toBe(file);
  });
});
