// Issue 25, item 5: a wait for the request budget is announced by a progress line saying how
// long and why, is bounded by the resource's timeout and by the limiter's cap (10 minutes), and
// ends in an error naming the rate limit. Against a small server whose answers spend the budget
// with hostile headers (X-RateLimit-Remaining: 0, a reset an hour away), on a virtual clock.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { ProviderContext } from "../../provider/framework/kind-provider";
import { createKindProvider } from "../../provider/framework/lifecycle";
import { budgetHooks } from "../../provider/framework/request-budget";
import { rbsVolumeKind } from "../../provider/rbs-volume/definition";
import { ServersComClient } from "../../sdk/client";
import { BudgetWaitError } from "../../sdk/core/rate-limit";
import { volumeInputs } from "./support";

const servers: Server[] = [];
const clients: ServersComClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
});

/** A server answering every list with an empty page and the budget spent until `resetInS`. */
async function spentBudget(resetInS: number, now: () => number): Promise<string> {
  const server = createServer((req, res) => {
    const reset = Math.floor(now() / 1000) + resetInS;
    // A POST is refused (422): nothing is made, nothing to look for afterwards.
    res.writeHead(req.method === "GET" ? 200 : 422, {
      "content-type": "application/json",
      "x-ratelimit-limit": "1000",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": String(reset),
    });
    res.end(req.method === "GET" ? "[]" : JSON.stringify({ message: "no" }));
  });
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

function bed(url: string, clock: { now: number }) {
  const lines: string[] = [];
  const client = new ServersComClient({
    token: "test-token-request-budget",
    baseUrl: url,
    retry: {
      now: () => clock.now,
      sleep: async (ms) => {
        clock.now += ms;
      },
    },
    rateLimit: budgetHooks(),
  });
  clients.push(client);
  const context: ProviderContext = {
    client: () => client,
    progress: (line) => lines.push(line),
    waitTuning: () => ({}),
  };
  return { provider: createKindProvider(rbsVolumeKind, context), lines };
}

describe("waits for the request budget", () => {
  it("a reset an hour away fails the create at once, naming the rate limit", async () => {
    const clock = { now: Date.now() };
    const url = await spentBudget(3600, () => clock.now);
    const { provider, lines } = bed(url, clock);
    const started = clock.now;
    const inputs = volumeInputs("data", { locationId: 1, flavorId: 1, size: 10 });
    const error = await provider.create(inputs).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /^POST .*\/remote_block_storage\/volumes: rate limit: the API's rate limit .* resets at/,
    );
    expect((error as Error).message).toMatch(/longer than the 600 s a request waits/);
    // Nothing waited: the virtual clock did not move an hour.
    expect(clock.now - started).toBeLessThan(60_000);
    expect(lines.join("\n")).not.toContain("waiting");
  });

  it("a wait past the resource's timeout fails at once; a shorter one is announced", async () => {
    const clock = { now: Date.now() };
    const url = await spentBudget(25, () => clock.now);
    const { provider, lines } = bed(url, clock);
    // customTimeouts create: 10 s, as the issue's case: no 25 s wait, an error at once.
    const short = volumeInputs("data", {
      locationId: 1,
      flavorId: 1,
      size: 10,
      __timeouts: { create: 10_000 },
    });
    const error = await provider.create(short).catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/left of the operation's timeout/);
    expect((error as Error).cause ?? error).toBeDefined();
    // With the default timeout the 25 s wait happens, announced first.
    await provider
      .create(volumeInputs("data", { locationId: 1, flavorId: 1, size: 10 }))
      .catch(() => undefined);
    expect(lines.join("\n")).toMatch(
      /serverscom:RbsVolume data: waiting 2\d s for the request budget: the API's rate limit/,
    );
  });

  it("BudgetWaitError is the SDK's typed error", () => {
    const error = new BudgetWaitError(3_600_000, "a 429 answer asked to wait", "the 600 s");
    expect(error.message).toContain("waiting 3600 s");
  });
});
