// The soak's simulator: one in this process, persisted to a state file, that can be stopped and
// started again on the same file, as a crashed or redeployed API would come back. The new one
// listens on the same port with the same token, so the stack configuration stays valid; should
// the port stay taken for 5 s, it takes another and tells `onUrlChange` (the soak then sets
// `serverscom:apiUrl` as `pulumi config set` would, and records it as the next `up` would).
import type { FaultOptions, Simulator, SimulatorControl, SimulatorOptions } from "../../simulator";
import { startSimulator } from "../../simulator";

export interface RestartableOptions {
  readonly stateFile: string;
  readonly speed: number;
  readonly durations?: SimulatorOptions["durations"];
  /** Unexpected handler errors of the simulator: a soak must see them. */
  readonly log: (line: string) => void;
}

export class RestartableSimulator {
  #current: Simulator;
  #faults: FaultOptions = {};
  /** The restart under way, which control calls and the next operation wait for. */
  #restarting: Promise<void> | undefined;
  #restarts = 0;
  readonly #options: RestartableOptions;
  onUrlChange: ((url: string) => void) | undefined;

  private constructor(options: RestartableOptions, first: Simulator) {
    this.#options = options;
    this.#current = first;
  }

  static async start(options: RestartableOptions): Promise<RestartableSimulator> {
    const sim = await startSimulator(RestartableSimulator.simOptions(options));
    return new RestartableSimulator(options, sim);
  }

  private static simOptions(
    options: RestartableOptions,
    extra: Partial<SimulatorOptions> = {},
  ): SimulatorOptions {
    return {
      stateFile: options.stateFile,
      speed: options.speed,
      ...(options.durations === undefined ? {} : { durations: options.durations }),
      log: options.log,
      ...extra,
    };
  }

  get url(): string {
    return this.#current.url;
  }

  get token(): string {
    return this.#current.token;
  }

  get restarts(): number {
    return this.#restarts;
  }

  /** The hooks of the simulator of the moment, once any restart has finished. */
  async control(): Promise<SimulatorControl> {
    await this.#restarting;
    return this.#current.control;
  }

  /** Sets the faults, and remembers them for the simulator after a restart. */
  async setFaults(faults: FaultOptions): Promise<void> {
    this.#faults = faults;
    await (await this.control()).setFaults(faults);
  }

  /**
   * Stops the simulator and starts a new one on the same state file. The stop begins
   * synchronously (the listening socket and every connection close at once, so a request in
   * flight gets no answer and nothing new connects); the start follows. `faults` replace the
   * remembered ones in the new simulator (a new seed, so the sequence does not repeat).
   */
  restart(faults?: FaultOptions): Promise<void> {
    if (this.#restarting !== undefined) return this.#restarting;
    if (faults !== undefined) this.#faults = faults;
    const old = this.#current;
    const stopped = old.close();
    this.#restarts += 1;
    const port = Number(new URL(old.url).port);
    this.#restarting = (async () => {
      try {
        await stopped;
        const options = { token: old.token, faults: this.#faults };
        let next: Simulator | undefined;
        // The same port, as a redeployed API keeps its address: another process may hold it for
        // a moment (an ephemeral port of its own), so it is tried again for up to 5 s.
        for (let attempt = 0; next === undefined && attempt < 50; attempt += 1) {
          try {
            next = await startSimulator(
              RestartableSimulator.simOptions(this.#options, { ...options, port }),
            );
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
        next ??= await startSimulator(RestartableSimulator.simOptions(this.#options, options));
        this.#current = next;
        if (next.url !== old.url) this.onUrlChange?.(next.url);
      } finally {
        this.#restarting = undefined;
      }
    })();
    return this.#restarting;
  }

  /** Waits for a restart under way, if any. */
  async settled(): Promise<void> {
    await this.#restarting;
  }

  async close(): Promise<void> {
    await this.#restarting;
    await this.#current.close();
  }
}
