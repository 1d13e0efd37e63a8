// Issue 25, minor items of the lifecycle: `__pending` given as an input is refused by check; a
// create that is not a preview holding the engine's unknown placeholder creates nothing; a DNS
// zone an earlier create of this resource committed late is named as this resource's.
import { describe, expect, it } from "vitest";
import { dnsZoneKind } from "../../provider/dns-zone/definition";
import { PENDING_OUTPUT } from "../../provider/framework/hidden";
import { LATE_COMMIT_WINDOW_MS } from "../../provider/framework/late-commit";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { rbsVolumeKind } from "../../provider/rbs-volume/definition";
import { engineInputs, onceOnPost, suiteBed, volumeInputs } from "./support";

const { bed, failure } = suiteBed({ atLeast: 2 });

describe("hidden outputs and unknown values are never inputs", () => {
  it("check refuses __pending given as an input", async () => {
    const provider = createKindProvider(rbsVolumeKind, bed.context);
    const inputs = { ...volumeInputs("data", { locationId: 1, flavorId: 1, size: 10 }) };
    const result = await provider.check({}, { ...inputs, [PENDING_OUTPUT]: "create" });
    expect(result.failures?.map((f) => f.property)).toEqual([PENDING_OUTPUT]);
  });

  it("a create holding the unknown placeholder is refused before any request", async () => {
    const provider = createKindProvider(rbsVolumeKind, bed.context);
    await bed.sim.control.clearRequestCounts();
    const inputs = volumeInputs(UNKNOWN, { locationId: 1, flavorId: 1, size: 10 });
    const error = await failure(provider.create({ ...inputs, labels: { env: UNKNOWN } }));
    expect(error.message).toMatch(/name, labels are not known yet .* nothing was created/);
    expect(await bed.sim.control.requestCounts()).toEqual({});
    expect(await bed.sim.control.records("rbs_volumes")).toEqual([]);
  });
});

describe("DnsZone committed after the look-up window", () => {
  it("the next create names it as this resource's, with adoptId", async () => {
    const zones = createKindProvider(dnsZoneKind, bed.context);
    const inputs = engineInputs("DnsZone", "zone", {
      name: "example.com",
      email: "admin@example.com",
    });
    await bed.sim.control.setFaults({
      rules: [
        onceOnPost("lateCommit", "/v1/dns/domains", { delayMs: LATE_COMMIT_WINDOW_MS + 60_000 }),
      ],
    });
    await failure(zones.create(inputs));
    await bed.sim.control.advance(2 * 60_000);
    const error = await failure(zones.create(inputs));
    expect(error.message).toContain("carrying this resource's ownership label");
    expect(error.message).toContain("adoptId");
    expect(error.message).not.toContain("is not this resource's");
  });
});
