// The dynamic provider host (@pulumi/pulumi/cmd/dynamic-provider), started as the Pulumi CLI
// starts it, and driven over gRPC with the stubs @pulumi/pulumi ships.
//
// How the CLI starts it (pulumi/pulumi pkg/resource/plugin/provider_plugin.go, NewProvider, and
// plugin.go): the `pulumi-resource-pulumi-nodejs` script resolves
// `@pulumi/pulumi/cmd/dynamic-provider` from the working directory and runs it with node; the
// working directory is the Pulumi project's (ctx.Pwd); the environment gets PULUMI_NODEJS_PROJECT
// and PULUMI_PROJECT; the one argument is the engine's address; the host prints its port on stdout
// and everything it writes to stderr is shown to the user.
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { createInterface } from "node:readline";
import * as grpc from "@grpc/grpc-js";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import type { Properties } from "./secrets";

export { type Properties, secretValue } from "./secrets";

/** ErrorResourceInitFailed: the object exists but did not initialise (the partial-create error). */
export class InitError extends Error {
  override name = "InitError";
  constructor(
    message: string,
    readonly id: string,
    readonly properties: Properties,
    readonly reasons: string[],
    /** The engine is to Read the resource before the next `up` (a lost create's placeholder). */
    readonly refreshBeforeUpdate = false,
  ) {
    super(message);
  }
}

export interface CheckOutcome {
  readonly inputs: Properties;
  readonly failures: { property: string; reason: string }[];
}

export interface DiffOutcome {
  readonly changes: "some" | "none" | "unknown";
  readonly replaces: string[];
  readonly deleteBeforeReplace: boolean;
}

export interface ReadOutcome {
  /** "" when the object is gone. */
  readonly id: string;
  readonly properties: Properties;
  readonly inputs: Properties | undefined;
}

export interface HostOptions {
  /** The Pulumi project's directory: the host's working directory. */
  readonly projectDir: string;
  readonly project: string;
  /** Extra environment for the host process (the test's own environment is not inherited). */
  readonly env: Readonly<Record<string, string>>;
  /** Receives each line the host writes to stderr (progress lines, errors). */
  readonly onStderr: (line: string) => void;
}

export class ProviderHost {
  private constructor(
    private readonly child: ChildProcess,
    private readonly client: provrpc.ResourceProviderClient,
  ) {}

  /** The host process's id (the memory benchmark reads its /proc status). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  static async start(options: HostOptions): Promise<ProviderHost> {
    // What the pulumi-resource-pulumi-nodejs script does: resolve the host from the project.
    const script = createRequire(join(options.projectDir, "noop.js")).resolve(
      "@pulumi/pulumi/cmd/dynamic-provider",
    );
    const child = spawn(process.execPath, [script, "127.0.0.1:0"], {
      cwd: options.projectDir,
      env: {
        PATH: process.env.PATH ?? "",
        PULUMI_NODEJS_PROJECT: options.project,
        PULUMI_PROJECT: options.project,
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    if (child.stdout === null || child.stderr === null) throw new Error("no stdio pipes");
    // The host never notices its parent's end: if this process exits without stopping it
    // (process.exit, an uncaught error), take it along rather than leave it running.
    const killOnExit = () => child.kill();
    process.once("exit", killOnExit);
    child.once("exit", () => process.removeListener("exit", killOnExit));
    createInterface({ input: child.stderr }).on("line", options.onStderr);
    const lines = createInterface({ input: child.stdout });
    const port = await new Promise<string>((resolve, reject) => {
      lines.once("line", resolve);
      child.once("exit", (code) =>
        reject(new Error(`the provider host exited (${code}) before printing its port`)),
      );
      child.once("error", reject);
    });
    const client = new provrpc.ResourceProviderClient(
      `127.0.0.1:${port.trim()}`,
      grpc.credentials.createInsecure(),
    );
    return new ProviderHost(child, client);
  }

  /** The engine's Configure: every stack config key, namespaced, secrets wrapped as secrets. */
  async configure(config: Properties): Promise<void> {
    const req = new provproto.ConfigureRequest();
    req.setArgs(Struct.fromJavaScript(config as Record<string, never>));
    req.setAcceptsecrets(true);
    req.setAcceptresources(true);
    await this.call((cb) => this.client.configure(req, cb));
  }

  async check(urn: string, olds: Properties, news: Properties): Promise<CheckOutcome> {
    const req = new provproto.CheckRequest();
    req.setUrn(urn);
    req.setOlds(struct(olds));
    req.setNews(struct(news));
    const resp = await this.call<provproto.CheckResponse>((cb) => this.client.check(req, cb));
    return {
      inputs: plain(resp.getInputs()),
      failures: resp
        .getFailuresList()
        .map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  async diff(
    urn: string,
    id: string,
    olds: Properties,
    news: Properties,
    oldInputs: Properties,
  ): Promise<DiffOutcome> {
    const req = new provproto.DiffRequest();
    req.setUrn(urn);
    req.setId(id);
    req.setOlds(struct(olds));
    req.setNews(struct(news));
    req.setOldInputs(struct(oldInputs));
    const resp = await this.call<provproto.DiffResponse>((cb) => this.client.diff(req, cb));
    const changes = resp.getChanges();
    return {
      changes:
        changes === provproto.DiffResponse.DiffChanges.DIFF_SOME
          ? "some"
          : changes === provproto.DiffResponse.DiffChanges.DIFF_NONE
            ? "none"
            : "unknown",
      replaces: resp.getReplacesList(),
      deleteBeforeReplace: resp.getDeletebeforereplace(),
    };
  }

  /** Create; a partial-create error arrives as an InitError. */
  async create(
    urn: string,
    properties: Properties,
  ): Promise<{ id: string; properties: Properties }> {
    const req = new provproto.CreateRequest();
    req.setUrn(urn);
    req.setProperties(struct(properties));
    const resp = await this.call<provproto.CreateResponse>((cb) => this.client.create(req, cb));
    return { id: resp.getId(), properties: plain(resp.getProperties()) };
  }

  async read(
    urn: string,
    id: string,
    properties: Properties,
    inputs: Properties,
  ): Promise<ReadOutcome> {
    const req = new provproto.ReadRequest();
    req.setUrn(urn);
    req.setId(id);
    req.setProperties(struct(properties));
    req.setInputs(struct(inputs));
    const resp = await this.call<provproto.ReadResponse>((cb) => this.client.read(req, cb));
    const respInputs = resp.getInputs();
    return {
      id: resp.getId(),
      properties: plain(resp.getProperties()),
      inputs: respInputs === undefined ? undefined : plain(respInputs),
    };
  }

  /** Update; a partial failure arrives as an InitError. */
  async update(
    urn: string,
    id: string,
    olds: Properties,
    news: Properties,
    oldInputs: Properties,
  ): Promise<Properties> {
    const req = new provproto.UpdateRequest();
    req.setUrn(urn);
    req.setId(id);
    req.setOlds(struct(olds));
    req.setNews(struct(news));
    req.setOldInputs(struct(oldInputs));
    const resp = await this.call<provproto.UpdateResponse>((cb) => this.client.update(req, cb));
    return plain(resp.getProperties());
  }

  async delete(
    urn: string,
    id: string,
    properties: Properties,
    oldInputs: Properties,
  ): Promise<void> {
    const req = new provproto.DeleteRequest();
    req.setUrn(urn);
    req.setId(id);
    req.setProperties(struct(properties));
    req.setOldInputs(struct(oldInputs));
    await this.call((cb) => this.client.delete(req, cb));
  }

  async stop(): Promise<void> {
    this.client.close();
    // Gone already (exited, or killed by a signal): "exit" will not come again.
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.kill();
    await exited;
  }

  /** A unary call as a promise; errors carrying ErrorResourceInitFailed become InitError. */
  private call<T>(
    invoke: (callback: (error: grpc.ServiceError | null, response: T) => void) => unknown,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      invoke((error, response) =>
        error === null ? resolve(response) : reject(fromServiceError(error)),
      );
    });
  }
}

function struct(properties: Properties): Struct {
  return Struct.fromJavaScript(properties as Record<string, never>);
}

function plain(value: Struct | undefined): Properties {
  return (value?.toJavaScript() ?? {}) as Properties;
}

/**
 * A partial create's or update's error as the engine words it: InitError.Error() (pulumi/pulumi
 * v3.274.1 pkg/resource/plugin/provider_plugin.go:2668-2685), the reasons through go-multierror
 * v1.1.1's ListFormatFunc ("1 error occurred:\n\t* <reason>", "N errors occurred:\n\t* a\n\t* b"),
 * without the two newlines it ends with (the CLI's diagnostics end the message there).
 */
export function initErrorText(reasons: readonly string[]): string {
  if (reasons.length === 0) return "resource init failed";
  const count = reasons.length === 1 ? "1 error" : `${reasons.length} errors`;
  return `${count} occurred:\n\t${reasons.map((reason) => `* ${reason}`).join("\n\t")}`;
}

/**
 * The host packs a partial-create error into the `grpc-status-details-bin` trailer as a
 * google.rpc.Status whose details hold pulumirpc.ErrorResourceInitFailed
 * (cmd/dynamic-provider/index.js, grpcResponseFromError); the engine unpacks it the same way
 * (pkg/resource/plugin/provider_plugin.go, parseError).
 */
export function fromServiceError(error: grpc.ServiceError): Error {
  const [details] = error.metadata?.get("grpc-status-details-bin") ?? [];
  if (details instanceof Buffer) {
    const status = statusproto.Status.deserializeBinary(details);
    for (const any of status.getDetailsList()) {
      if (any.getTypeName() !== "pulumirpc.ErrorResourceInitFailed") continue;
      const init = provproto.ErrorResourceInitFailed.deserializeBinary(any.getValue_asU8());
      return new InitError(
        initErrorText(init.getReasonsList()),
        init.getId(),
        plain(init.getProperties()),
        init.getReasonsList(),
        init.getRefreshBeforeUpdate(),
      );
    }
  }
  return new Error(error.details);
}
