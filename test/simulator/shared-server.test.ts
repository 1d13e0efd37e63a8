// Issue 25, minor items: the simulator as a shared server. A one-character token is refused; the
// state file (which holds the token) is readable by its owner only; a directory given as the
// state file is named as such; a fault rule whose path regex can backtrack for seconds is
// refused; a Host header that is not a host and port never reaches a Link URL.
import { mkdtempSync, statSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startSimulator } from "../../simulator";
import { validateFaultOptions } from "../../simulator/framework/faults";

describe("the simulator as a shared server", () => {
  it("refuses a token shorter than 8 characters", async () => {
    await expect(startSimulator({ token: "a" })).rejects.toThrow(/at least 8 characters/);
  });

  it("writes its state file readable by its owner only, and names a directory given as one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sim-state-"));
    const stateFile = join(dir, "state.json");
    const sim = await startSimulator({ stateFile, token: "shared-token-1" });
    await sim.control.advance(1);
    await sim.close();
    if (process.platform !== "win32") expect(statSync(stateFile).mode & 0o777).toBe(0o600);
    await expect(startSimulator({ stateFile: dir })).rejects.toThrow(/is a directory/);
  });

  it("refuses a fault path regex with a quantified group holding a quantifier", () => {
    expect(() =>
      validateFaultOptions({ rules: [{ kind: "error5xx", probability: 1, path: "^(a+)+$" }] }),
    ).toThrow(/backtrack/);
    expect(() =>
      validateFaultOptions({ rules: [{ kind: "error5xx", probability: 1, path: "^/v1/.*$" }] }),
    ).not.toThrow();
  });

  it("never copies a Host header that is not a host and port into a Link URL", async () => {
    const sim = await startSimulator({ speed: 0 });
    try {
      const url = new URL(sim.url);
      const link = await new Promise<string>((done, fail) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: "/v1/locations?per_page=1",
            headers: { host: "evil.example/x?y=", authorization: `Bearer ${sim.token}` },
          },
          (res) => {
            res.resume();
            done(String(res.headers.link ?? ""));
          },
        );
        req.on("error", fail);
        req.end();
      });
      expect(link).toContain(`${url.origin}/v1/locations`);
      expect(link).not.toContain("evil.example");
    } finally {
      await sim.close();
    }
  });
});
