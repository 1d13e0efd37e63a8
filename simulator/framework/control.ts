// SimulatorControl: the hooks as methods. It talks HTTP, so the same calls drive a simulator
// started in this process, in another one, or by the command line.
import type { Json, WireRecord } from "./contract";
import type { FaultOptions } from "./faults";

export class SimulatorHookError extends Error {
  override name = "SimulatorHookError";
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`simulator hook ${what} answered ${status}: ${body}`);
  }
}

export class SimulatorControl {
  /**
   * @param url the simulator's base URL without /v1 (Simulator.url)
   * @param token its bearer token (Simulator.token)
   */
  constructor(
    readonly url: string,
    private readonly token: string,
  ) {}

  /** Moves simulated time forward; transitions due by then happen. Answers the new simulated now. */
  async advance(ms: number): Promise<string> {
    const body = (await this.call("POST", "/advance", { ms })) as { now: string };
    return body.now;
  }

  /**
   * Sets the clock's speed (simulated ms per real ms) from now on; 0 stops it, holding every
   * transition under way until the clock moves again (advance, or another speed).
   */
  async setSpeed(speed: number): Promise<void> {
    await this.call("POST", "/clock", { speed });
  }

  /** The simulated now, ISO 8601. */
  async now(): Promise<string> {
    return ((await this.call("GET", "/clock")) as { now: string }).now;
  }

  /** A stored record with its internal "_" fields, or undefined when absent. */
  async peek(collection: string, key: string): Promise<WireRecord | undefined> {
    return (await this.call("GET", this.resource(collection, key), undefined, true)) as
      | WireRecord
      | undefined;
  }

  /** Every stored record of a collection, internals included. */
  async records(collection: string): Promise<WireRecord[]> {
    return (await this.call("GET", `/resources/${encodeURIComponent(collection)}`)) as WireRecord[];
  }

  /** Changes fields of a stored record behind the client's back (drift); pending transitions stay. */
  async patch(collection: string, key: string, fields: WireRecord): Promise<WireRecord> {
    return (await this.call("PATCH", this.resource(collection, key), fields)) as WireRecord;
  }

  /** Deletes a stored record behind the client's back. */
  async remove(collection: string, key: string): Promise<void> {
    await this.call("DELETE", this.resource(collection, key));
  }

  /** Merges account fields, e.g. { payment_method: null }. */
  async patchAccount(fields: { [key: string]: Json }): Promise<{ [key: string]: Json }> {
    return (await this.call("PATCH", "/account", fields)) as { [key: string]: Json };
  }

  /** Requests received per "METHOD /v1/route-pattern" since start, reset or clearRequestCounts. */
  async requestCounts(): Promise<Record<string, number>> {
    return (await this.call("GET", "/requests")) as Record<string, number>;
  }

  async clearRequestCounts(): Promise<void> {
    await this.call("DELETE", "/requests");
  }

  /** Back to the seed state (the clock keeps its time). */
  async reset(): Promise<void> {
    await this.call("POST", "/reset");
  }

  /** Replaces the fault configuration ({} removes every fault). */
  async setFaults(faults: FaultOptions): Promise<void> {
    await this.call("PUT", "/faults", faults);
  }

  private resource(collection: string, key: string): string {
    return `/resources/${encodeURIComponent(collection)}/${encodeURIComponent(key)}`;
  }

  private async call(
    method: string,
    path: string,
    body?: unknown,
    missingIsUndefined = false,
  ): Promise<unknown> {
    const response = await fetch(`${this.url}/_simulator${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (missingIsUndefined && response.status === 404) return undefined;
    if (!response.ok) throw new SimulatorHookError(response.status, text, `${method} ${path}`);
    return text === "" ? undefined : (JSON.parse(text) as unknown);
  }
}
