// SslCertificate's own tests through the real provider host, driven like `pulumi up` / `refresh` /
// `destroy`: a write-only update the API did not take. Its lifecycle is a row of the engine
// lifecycle table (kinds.ts). Needs a current dist/ (npm test builds it first).
import { describe, expect, it } from "vitest";
import { scenarioOf } from "./kinds";
import { CERTIFICATE, sslCertificate as certificate } from "./programs";
import { engineScenario } from "./scenario";

const s = engineScenario(scenarioOf("SslCertificate"));

describe("a write-only update the API did not take, through the engine (issue 12, item 6)", () => {
  it("fails as a partial update, and the next up sends it again", async () => {
    const h = s.harness();
    await h.up(certificate());
    expect(s.stored().outputs.chainKey).toBeNull();
    // Every PUT answered 503 (the SDK's retries included): the chain never reaches the API.
    await s.sim().control.setFaults({
      rules: [{ kind: "error5xx", status: 503, probability: 1, method: "PUT" }],
    });
    // The certificate itself as its chain: any valid PEM chain does.
    const chained = certificate({ chainKey: CERTIFICATE });
    const error = await h.up(chained).catch((e: unknown) => e);
    await s.sim().control.setFaults({});
    expect(error).toBeInstanceOf(Error);
    expect(s.stored().outputs.chainKey).toBeNull();
    // A refresh in between changes nothing: the next up is still an update.
    await h.refresh();
    const steps = await h.up(chained);
    expect(steps.find((step) => step.urn.endsWith("::site"))?.op).toBe("update");
    expect(s.stored().outputs.chainKey).not.toBeNull();
    expect((await h.up(chained)).map((step) => step.op)).toEqual(["same"]);
    await h.destroy();
  });
});
