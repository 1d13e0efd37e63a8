// The command `serverscom-simulator`: its arguments, and what it prints at start (lines ready to
// paste into a shell).
import { afterEach, describe, expect, it } from "vitest";
import type { Simulator } from "../../simulator";
import { areas } from "../../simulator/areas";
import { CliUsageError, parseCliArgs, runCli } from "../../simulator/framework/cli-main";

describe("arguments", () => {
  it("defaults to port 8080", () => {
    expect(parseCliArgs([])).toEqual({ port: 8080 });
  });

  it("reads every option", () => {
    const options = parseCliArgs([
      "--port=0",
      "--host",
      "127.0.0.1",
      "--token",
      "abc",
      "--speed",
      "600",
      "--state-file",
      "state/s.json",
      "--faults",
      '{"seed":3,"rules":[{"kind":"rateLimit","probability":0.5}]}',
      "--start-time",
      "2026-01-01T00:00:00Z",
    ]);
    expect(options).toEqual({
      port: 0,
      host: "127.0.0.1",
      token: "abc",
      speed: 600,
      stateFile: "state/s.json",
      faults: { seed: 3, rules: [{ kind: "rateLimit", probability: 0.5 }] },
      startTime: "2026-01-01T00:00:00Z",
    });
  });

  it.each([
    [["--port", "http"]],
    [["--port", "70000"]],
    [["--speed", "-2"]],
    [["--faults", '{"rules":[{"kind":"meteor","probability":1}]}']],
    [["--faults", '{"rules":[{"kind":"latency","probability":1}]}']],
    [["--faults", "{broken"]],
    [["--unknown"]],
  ])("refuses %j with a usage error", (argv) => {
    expect(() => parseCliArgs(argv)).toThrow(CliUsageError);
  });

  it("reads --rate-limit as requests per simulated seconds", () => {
    expect(parseCliArgs(["--rate-limit", "2000/3600"])).toEqual({
      port: 8080,
      rateLimit: { limit: 2000, windowSeconds: 3600 },
    });
    for (const bad of ["2000", "0/60", "10/0", "many/60"]) {
      expect(() => parseCliArgs(["--rate-limit", bad])).toThrow(CliUsageError);
    }
  });

  it("answers help", () => {
    expect(parseCliArgs(["-h"])).toBe("help");
  });
});

describe("start", () => {
  let sim: Simulator | undefined;
  afterEach(async () => {
    await sim?.close();
  });

  it("prints export lines for the URL and the token, and serves the API", async () => {
    let printed = "";
    sim = await runCli(areas, ["--port", "0", "--token", "cli-token", "--speed", "0"], {
      out: (text) => {
        printed += text;
      },
      err: () => undefined,
    });
    expect(sim).toBeDefined();
    expect(printed).toContain(`export SERVERSCOM_API_URL=${sim?.url}`);
    expect(printed).toContain("export SERVERSCOM_API_TOKEN=cli-token");
    const res = await fetch(`${sim?.url}/v1/locations`, {
      headers: { authorization: "Bearer cli-token" },
    });
    expect(res.status).toBe(200);
    await res.text();
  });
});
