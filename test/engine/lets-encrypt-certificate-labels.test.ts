// LetsEncryptCertificateLabels through the real provider host, driven like `pulumi up` /
// `refresh` / `destroy`: it takes over an existing Let's Encrypt certificate (the API cannot
// issue one) and manages its labels. Needs a current dist/ (npm test builds it first).
import { describe, expect } from "vitest";
import type { Program } from "./harness";
import { engineScenario } from "./scenario";

/** The simulator's seeded Let's Encrypt certificates (simulator/areas/ssl.ts). */
const PROD = "LeCert01";
const STAGING = "LeCert02";

const labels =
  (args: Record<string, unknown> = {}, opts: Record<string, unknown> = {}): Program =>
  (serverscom) => {
    new serverscom.LetsEncryptCertificateLabels(
      "site",
      {
        adoptId: PROD,
        labels: { env: "prod", team: "web" },
        ...args,
      },
      opts,
    );
  };

const s = engineScenario({ kind: "LetsEncryptCertificateLabels", name: "site" });

const other = labels({ adoptId: STAGING, labels: { env: "staging" } });
const seeded = (sim: { control: { reset(): Promise<void> } }) => sim.control.reset();

describe("a LetsEncryptCertificateLabels through the engine's steps", () => {
  s.up(labels(), async (resource, sim) => {
    expect(resource.id).toBe(PROD);
    expect(resource.outputs).toMatchObject({ labels: { env: "prod", team: "web" } });
    const record = await sim.control.peek("ssl_certificates", PROD);
    expect(record?.labels).toMatchObject({ env: "prod", team: "web" });
  });
  s.noChange(labels());
  s.replacements({
    program: (opts) => labels({}, opts),
    newObject: false,
    refused: "deleteBeforeReplace: false cannot be honoured",
  });
  s.noChangeAfterRebuild(labels());
  s.inPlace(labels({ labels: { env: "prod", team: "platform" } }), (resource) => {
    expect(resource.outputs.labels).toEqual({ env: "prod", team: "platform" });
  });
  // Another certificate: the management moves over.
  s.replace(other, (resource) => {
    expect(resource.id).toBe(STAGING);
  });
  s.drift(
    other,
    async (resource, sim) => {
      const record = await sim.control.peek("ssl_certificates", resource.id);
      const changed = { ...(record?.labels as Record<string, string>), env: "changed-by-hand" };
      await sim.control.patch("ssl_certificates", resource.id, { labels: changed });
    },
    (resource) => {
      expect(resource.outputs.labels).toEqual({ env: "changed-by-hand" });
    },
  );
  // The certificate can only come back from the control panel: the seed stands in for that.
  s.deletedOutside(
    other,
    async (resource, sim) => {
      await sim.control.remove("ssl_certificates", resource.id);
    },
    seeded,
  );
  // Destroy leaves the certificate and its labels; only the ownership label goes.
  s.destroy(async (sim, last) => {
    const record = await sim.control.peek("ssl_certificates", last.id);
    expect(record?.labels).toEqual({ env: "staging" });
  });
  // A 500 on the labels' PUT: the certificate exists (it was adopted), so the engine records it
  // with an init error, and the next up updates it, putting the labels.
  s.failedCreate({
    failing: labels(),
    faults: {
      rules: [
        {
          kind: "error5xx",
          status: 500,
          probability: 1,
          method: "PUT",
          path: "/v1/ssl_certificates/letsencrypt/*",
          times: 1,
        },
      ],
    },
    partial: true,
    resume: labels(),
  });
});
