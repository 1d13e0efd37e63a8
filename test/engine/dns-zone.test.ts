// DnsZone through the real provider host, driven like `pulumi up` / `refresh` / `destroy`.
// Needs a current dist/ (npm test builds it first; alone: npm run build).
import { describe, expect, it } from "vitest";
import type { Program } from "./harness";
import { OperationFailed } from "./harness";
import { engineScenario } from "./scenario";

const zone =
  (args: Record<string, unknown> = {}, opts: Record<string, unknown> = {}): Program =>
  (serverscom) => {
    new serverscom.DnsZone(
      "zone",
      { name: "example.com", email: "admin@example.com", labels: { env: "prod" }, ...args },
      opts,
    );
  };

const s = engineScenario({ kind: "DnsZone", name: "zone" });

const replaced = zone({ name: "example.org" });

describe("a DnsZone through the engine's steps", () => {
  s.up(zone(), (resource) => {
    expect(resource.outputs).toMatchObject({
      name: "example.com",
      ttl: 3600,
      delegationStatus: "undelegated",
      labels: { env: "prod" },
    });
  });
  s.noChange(zone());
  s.noChangeAfterRebuild(zone());
  s.replacements({
    program: (opts) => zone({}, opts),
    // Deleted first by default (replaceDeletesFirst): the old generation is gone before the
    // create, so there is nothing to name; `count` shows no duplicate either way.
    newObject: false,
    // Zone names are unique in the API: a create first stops before ordering (kind.conflict).
    refused: "a DNS zone example.com already exists",
    count: async (sim) => (await sim.control.records("dns_domains")).length,
  });
  s.inPlace(zone({ labels: { env: "staging" } }), (resource) => {
    expect(resource.outputs.labels).toEqual({ env: "staging" });
  });
  s.replace(replaced, async (resource, sim) => {
    expect(resource.outputs.name).toBe("example.org");
    expect((await sim.control.records("dns_domains")).map((d) => d.id)).toEqual([resource.id]);
  });
  s.drift(
    replaced,
    async (resource, sim) => {
      const labels = (await sim.control.peek("dns_domains", resource.id))?.labels as Record<
        string,
        string
      >;
      await sim.control.patch("dns_domains", resource.id, {
        labels: { ...labels, env: "by-hand" },
      });
    },
    (resource) => {
      expect(resource.outputs.labels).toEqual({ env: "by-hand" });
    },
  );
  s.deletedOutside(replaced, async (resource, sim) => {
    await sim.control.remove("dns_domains", resource.id);
  });
  s.destroy(async (sim) => {
    expect(await sim.control.records("dns_domains")).toEqual([]);
  });
  // The API answers at once: a create fails before the object exists, or not at all.
  s.failedCreate({
    failing: zone(),
    faults: {
      rules: [
        {
          kind: "error5xx",
          status: 500,
          probability: 1,
          method: "POST",
          path: "/v1/dns/domains",
          times: 1,
        },
      ],
    },
    partial: false,
    resume: zone(),
    count: async (sim) => (await sim.control.records("dns_domains")).length,
  });
});

describe("refusals through the engine", () => {
  it("a changed email fails the up with the reason, and the zone is unchanged", async () => {
    await s.harness().up(zone());
    const error = await s
      .harness()
      .up(zone({ email: "dns@example.com" }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperationFailed);
    expect((error as Error).message).toContain("the DNS API changes only a zone's labels");
    expect(s.stored().outputs.email).toBe("admin@example.com");
    await s.harness().destroy();
  });
});
