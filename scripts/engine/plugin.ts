// The native door (provider/native): the package's `pulumi-resource-serverscom` plugin, started
// and driven as the Pulumi CLI starts and drives a provider plugin, behind the same methods as
// the dynamic provider host (host.ts), so that the harness runs every scenario through either.
//
// What the CLI does, in pulumi/pulumi pkg/resource/plugin:
// - plugin.go, ExecPlugin/newPlugin: runs the executable in the project's directory with the
//   engine's gRPC address as its argument (provider_plugin.go, NewProvider:
//   `[]string{host.ServerAddr()}`), reads the port from the first line of its stdout, and hides
//   its stderr (isDynamicPluginBinary: only the dynamic hosts' stderr is shown);
// - provider_plugin.go, NewProvider: Handshake first (engine address, directories); then, for the
//   default provider, CheckConfig and Configure with the stack's `serverscom:*` keys under their
//   short names, secrets kept (Configure: args with KeepSecrets);
// - resource requests carry the URN with the resource's own type token (serverscom:index:<Kind>)
//   and the resource's customTimeouts in `timeout` (step.go); the engine keeps customTimeouts in
//   the state beside the inputs, which this driver mirrors in `timeouts`.
// The programs are the same as for the dynamic door (the dynamic classes), so this driver turns
// each registration into what a program in another language registers: the type token
// serverscom:index:<Kind>, no `__provider`, no hidden inputs, and the `customTimeouts` option
// (which the dynamic class carries as the hidden `__timeouts`) in the request's timeout field,
// and the inputs the schema marks secret sealed, as an SDK generated from the schema sends them.
// Progress arrives on the engine's log service, which this driver serves, and goes to onStderr.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import * as grpc from "@grpc/grpc-js";
import * as engrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import type * as engproto from "@pulumi/pulumi/proto/engine_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import {
  type CheckOutcome,
  type DiffOutcome,
  fromServiceError,
  type HostOptions,
  InitError,
  type ReadOutcome,
} from "./host";
import { isSecretValue, type Properties, revealSecrets, secretValue } from "./secrets";

const DYNAMIC_PREFIX = "pulumi-nodejs:dynamic/serverscom:";
const NATIVE_PREFIX = "serverscom:index:";
/** What only the dynamic door's registrations carry. */
const DYNAMIC_ONLY = ["__provider", "__ownerLabel", "__timeouts"];
const CONFIG_PREFIX = "serverscom:";

type Operation = "create" | "update" | "delete";
type TimeoutsMs = Partial<Record<Operation, number>>;

/** The URN a program in another language registers: the type token serverscom:index:<Kind>. */
export function nativeUrn(urn: string): string {
  return urn.replace(`::${DYNAMIC_PREFIX}`, `::${NATIVE_PREFIX}`);
}

function ownProperties(props: Properties): Properties {
  return Object.fromEntries(Object.entries(props).filter(([key]) => !DYNAMIC_ONLY.includes(key)));
}

function struct(properties: Properties): Struct {
  return Struct.fromJavaScript(properties as Record<string, never>);
}

function plain(value: Struct | undefined): Properties {
  return (value?.toJavaScript() ?? {}) as Properties;
}

/** The top-level names the plugin sealed as secrets, and the values in clear. */
function opened(props: Properties): { plain: Properties; secrets: string[] } {
  const { plain: clear } = revealSecrets(props);
  return {
    plain: clear,
    secrets: Object.entries(props)
      .filter(([, value]) => isSecretValue(value))
      .map(([key]) => key),
  };
}

export class PluginHost {
  /**
   * The customTimeouts the engine keeps per resource in the state (ms by operation), learnt from
   * each registration; and the output names the plugin sealed as secrets in its last answer for
   * each resource (the scenarios check them against the kind's secret outputs).
   */
  static readonly timeouts = new Map<string, TimeoutsMs>();
  static readonly sealedSecrets = new Map<string, readonly string[]>();
  /** The detailedDiff of the last Diff of each resource (property -> PropertyDiff.Kind). */
  static readonly lastDiff = new Map<
    string,
    Readonly<Record<string, provproto.PropertyDiff.Kind>>
  >();

  private constructor(
    private readonly child: ChildProcess,
    private readonly client: provrpc.ResourceProviderClient,
    private readonly engine: grpc.Server,
  ) {}

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The plugin executable: the package's `bin` entry, resolved from the project. */
  static executable(projectDir: string): string {
    const manifest = createRequire(join(projectDir, "noop.js")).resolve(
      "pulumi-serverscom/package.json",
    );
    const { bin } = JSON.parse(readFileSync(manifest, "utf8")) as {
      bin: Record<string, string>;
    };
    const path = bin["pulumi-resource-serverscom"];
    if (path === undefined) throw new Error("the package has no pulumi-resource-serverscom bin");
    return join(dirname(manifest), path);
  }

  static async start(options: HostOptions): Promise<PluginHost> {
    const engine = new grpc.Server();
    engine.addService(engrpc.EngineService, {
      log: (
        call: { request: engproto.LogRequest },
        callback: (error: null, response: Empty) => void,
      ) => {
        options.onStderr(call.request.getMessage());
        callback(null, new Empty());
      },
    } as unknown as grpc.UntypedServiceImplementation);
    const enginePort = await new Promise<number>((resolve, reject) =>
      engine.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) =>
        error === null ? resolve(port) : reject(error),
      ),
    );
    const engineAddress = `127.0.0.1:${enginePort}`;
    // The executable is a Node script; the test's own Node runs it (the system's may be older).
    const child = spawn(
      process.execPath,
      [PluginHost.executable(options.projectDir), engineAddress],
      {
        cwd: options.projectDir,
        env: { PATH: process.env.PATH ?? "", ...options.env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    if (child.stdout === null || child.stderr === null) throw new Error("no stdio pipes");
    const killOnExit = () => child.kill();
    process.once("exit", killOnExit);
    child.once("exit", () => process.removeListener("exit", killOnExit));
    createInterface({ input: child.stderr }).on("line", options.onStderr);
    const lines = createInterface({ input: child.stdout });
    const port = await new Promise<string>((resolve, reject) => {
      lines.once("line", resolve);
      child.once("exit", (code) =>
        reject(new Error(`the plugin exited (${code}) before printing its port`)),
      );
      child.once("error", reject);
    });
    if (!/^\d+$/.test(port.trim())) throw new Error(`the plugin printed "${port}", not a port`);
    const client = new provrpc.ResourceProviderClient(
      `127.0.0.1:${port.trim()}`,
      grpc.credentials.createInsecure(),
    );
    const host = new PluginHost(child, client, engine);
    const handshake = new provproto.ProviderHandshakeRequest()
      .setEngineAddress(engineAddress)
      .setRootDirectory(options.projectDir)
      .setProgramDirectory(options.projectDir);
    const answer = await host.call<provproto.ProviderHandshakeResponse>((cb) =>
      client.handshake(handshake, cb),
    );
    if (!answer.getAcceptSecrets()) throw new Error("the plugin does not accept secrets");
    // What an SDK generated from the schema seals on its own: inputs marked `secret`.
    const schema = JSON.parse(await host.schema()) as {
      resources: Record<string, { inputProperties: Record<string, { secret?: boolean }> }>;
    };
    for (const [token, spec] of Object.entries(schema.resources)) {
      const names = Object.entries(spec.inputProperties)
        .filter(([, property]) => property.secret === true)
        .map(([name]) => name);
      host.secretInputs.set(token, names);
    }
    return host;
  }

  /** Per type token, the inputs the schema marks secret. */
  private readonly secretInputs = new Map<string, readonly string[]>();

  /**
   * The registration of a dynamic-class `type` as the engine sees it through this door: the
   * native type token and the inputs sent sealed (the schema's secret ones). The engine names
   * both in a check failure (diag.ts).
   */
  goalOf(type: string): { readonly type: string; readonly secretInputs: readonly string[] } {
    const token = type.replace(DYNAMIC_PREFIX, NATIVE_PREFIX);
    return { type: token, secretInputs: this.secretInputs.get(token) ?? [] };
  }

  /**
   * The inputs as a program in another language sends them: without what only the dynamic door
   * has, and the schema's secret inputs sealed (its generated SDK wraps them; the engine keeps
   * them sealed for a plugin that accepts secrets).
   */
  private inputsOf(urn: string, props: Properties): Properties {
    const token = nativeUrn(urn).split("::")[2] ?? "";
    const secret = this.secretInputs.get(token) ?? [];
    return Object.fromEntries(
      Object.entries(ownProperties(props)).map(([key, value]) => [
        key,
        secret.includes(key) && !isSecretValue(value) ? secretValue(value) : value,
      ]),
    );
  }

  /**
   * The handshake calls each command makes, in order, since the last `clear()` (tests hold them
   * against the engine's: GetPluginInfo, CheckConfig, DiffConfig, Configure, ... Cancel).
   */
  static readonly calls: string[] = [];

  /**
   * The default provider as the engine loads it for one command (pulumi/pulumi v3.274.1
   * pkg/resource/deploy/providers/registry.go): GetPluginInfo when the plugin loads (plugin host,
   * pkg/resource/plugin/host.go:727-746); for a command that runs a program, CheckConfig
   * (registry.go:677), DiffConfig against the provider's state when there is one (:759), then
   * Configure; for one that runs no program (refresh, destroy), Configure with the state's
   * inputs alone (:795-869, Registry.Same). `state`: the provider's recorded configuration
   * (namespaced keys), `fromState`: no program runs.
   */
  async configure(
    config: Properties,
    options: { readonly state?: Properties; readonly fromState?: boolean } = {},
  ): Promise<void> {
    const short = (namespaced: Properties): Properties => {
      const args: Properties = {};
      for (const [key, value] of Object.entries(namespaced)) {
        if (key.startsWith(CONFIG_PREFIX)) args[key.slice(CONFIG_PREFIX.length)] = value;
      }
      return args;
    };
    const args = short(config);
    const urn = "urn:pulumi:dev::engine-harness::pulumi:providers:serverscom::default";
    PluginHost.calls.push("GetPluginInfo");
    await this.pluginVersion();
    let inputs = struct(args);
    if (options.fromState !== true) {
      PluginHost.calls.push("CheckConfig");
      const check = new provproto.CheckRequest()
        .setUrn(urn)
        .setOlds(struct(options.state === undefined ? {} : short(options.state)))
        .setNews(struct(args));
      const checked = await this.call<provproto.CheckResponse>((cb) =>
        this.client.checkConfig(check, cb),
      );
      const failures = checked.getFailuresList();
      if (failures.length > 0) {
        throw new Error(failures.map((f) => `${f.getProperty()}: ${f.getReason()}`).join("\n"));
      }
      inputs = checked.getInputs() ?? inputs;
      if (options.state !== undefined) {
        PluginHost.calls.push("DiffConfig");
        await this.diffConfig(short(options.state), args);
      }
    }
    PluginHost.calls.push("Configure");
    const req = new provproto.ConfigureRequest()
      .setArgs(inputs)
      .setAcceptsecrets(true)
      .setAcceptresources(true)
      .setSendsOldInputs(true)
      .setSendsOldInputsToDelete(true)
      .setUrn(urn)
      .setName("default")
      .setType("pulumi:providers:serverscom");
    const variables = req.getVariablesMap();
    for (const [key, value] of Object.entries(revealSecrets(args).plain)) {
      variables.set(`serverscom:config:${key}`, String(value));
    }
    await this.call((cb) => this.client.configure(req, cb));
  }

  async check(urn: string, olds: Properties, news: Properties): Promise<CheckOutcome> {
    const timeouts = news.__timeouts;
    PluginHost.timeouts.set(
      nativeUrn(urn),
      typeof timeouts === "object" && timeouts !== null ? (timeouts as TimeoutsMs) : {},
    );
    const req = new provproto.CheckRequest()
      .setUrn(nativeUrn(urn))
      .setOlds(struct(this.inputsOf(urn, olds)))
      .setNews(struct(this.inputsOf(urn, news)));
    const resp = await this.call<provproto.CheckResponse>((cb) => this.client.check(req, cb));
    return {
      inputs: opened(plain(resp.getInputs())).plain,
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
  ): Promise<DiffOutcome & { detailed: Record<string, provproto.PropertyDiff.Kind> }> {
    const req = new provproto.DiffRequest()
      .setUrn(nativeUrn(urn))
      .setId(id)
      .setOlds(struct(ownProperties(olds)))
      .setNews(struct(ownProperties(news)))
      .setOldInputs(struct(ownProperties(oldInputs)));
    const resp = await this.call<provproto.DiffResponse>((cb) => this.client.diff(req, cb));
    const changes = resp.getChanges();
    const Changes = provproto.DiffResponse.DiffChanges;
    const detailed: Record<string, provproto.PropertyDiff.Kind> = {};
    resp.getDetaileddiffMap().forEach((diff, name) => {
      detailed[name] = diff.getKind();
    });
    if (resp.getHasdetaileddiff()) PluginHost.lastDiff.set(urn, detailed);
    return {
      changes:
        changes === Changes.DIFF_SOME ? "some" : changes === Changes.DIFF_NONE ? "none" : "unknown",
      replaces: resp.getReplacesList(),
      deleteBeforeReplace: resp.getDeletebeforereplace(),
      detailed,
    };
  }

  /**
   * Create; with `preview`, the Create(preview=true) the engine sends a provider that supports
   * previews during `pulumi preview` (pulumi/pulumi v3.274.1 pkg/resource/deploy/step.go:395-401),
   * whose answer is what the program sees (the outputs in clear; the sealed names of a real
   * create are kept).
   */
  async create(
    urn: string,
    properties: Properties,
    preview = false,
  ): Promise<{ id: string; properties: Properties }> {
    const req = new provproto.CreateRequest()
      .setUrn(nativeUrn(urn))
      .setProperties(struct(this.inputsOf(urn, properties)))
      .setTimeout(this.timeoutSeconds(urn, "create"))
      .setPreview(preview);
    const resp = await this.call<provproto.CreateResponse>(
      (cb) => this.client.create(req, cb),
      urn,
    );
    const answered = plain(resp.getProperties());
    return {
      id: resp.getId(),
      properties: preview ? opened(answered).plain : this.outputs(urn, answered),
    };
  }

  async read(
    urn: string,
    id: string,
    properties: Properties,
    inputs: Properties,
  ): Promise<ReadOutcome> {
    const req = new provproto.ReadRequest()
      .setUrn(nativeUrn(urn))
      .setId(id)
      .setProperties(struct(ownProperties(properties)))
      .setInputs(struct(ownProperties(inputs)));
    // A partial Read (a lost create's placeholder) is an InitError, its properties opened.
    const resp = await this.call<provproto.ReadResponse>((cb) => this.client.read(req, cb), urn);
    const respInputs = resp.getInputs();
    return {
      id: resp.getId(),
      properties: this.outputs(urn, plain(resp.getProperties())),
      inputs: respInputs === undefined ? undefined : opened(plain(respInputs)).plain,
    };
  }

  async update(
    urn: string,
    id: string,
    olds: Properties,
    news: Properties,
    oldInputs: Properties,
    preview = false,
  ): Promise<Properties> {
    // With `preview`: Update(preview=true), as the engine sends it in `pulumi preview`
    // (step.go:1125-1135).
    const req = new provproto.UpdateRequest()
      .setUrn(nativeUrn(urn))
      .setId(id)
      .setOlds(struct(ownProperties(olds)))
      .setNews(struct(this.inputsOf(urn, news)))
      .setOldInputs(struct(this.inputsOf(urn, oldInputs)))
      .setTimeout(this.timeoutSeconds(urn, "update"))
      .setPreview(preview);
    const resp = await this.call<provproto.UpdateResponse>(
      (cb) => this.client.update(req, cb),
      urn,
    );
    const answered = plain(resp.getProperties());
    return preview ? opened(answered).plain : this.outputs(urn, answered);
  }

  async delete(
    urn: string,
    id: string,
    properties: Properties,
    oldInputs: Properties,
  ): Promise<void> {
    const req = new provproto.DeleteRequest()
      .setUrn(nativeUrn(urn))
      .setId(id)
      .setProperties(struct(ownProperties(properties)))
      .setOldInputs(struct(ownProperties(oldInputs)))
      .setTimeout(this.timeoutSeconds(urn, "delete"));
    await this.call((cb) => this.client.delete(req, cb));
  }

  /** `pulumi import <type> <name> <id>`: Read with the id alone (step.go, ImportStep). */
  async importRead(urn: string, id: string): Promise<ReadOutcome> {
    const req = new provproto.ReadRequest().setUrn(nativeUrn(urn)).setId(id);
    const resp = await this.call<provproto.ReadResponse>((cb) => this.client.read(req, cb));
    const respInputs = resp.getInputs();
    return {
      id: resp.getId(),
      properties: opened(plain(resp.getProperties())).plain,
      inputs: respInputs === undefined ? undefined : opened(plain(respInputs)).plain,
    };
  }

  /** Invoke of a function token; the result in clear. */
  async invoke(token: string, args: Properties): Promise<Properties> {
    const req = new provproto.InvokeRequest().setTok(token).setArgs(struct(args));
    const resp = await this.call<provproto.InvokeResponse>((cb) => this.client.invoke(req, cb));
    const failures = resp.getFailuresList();
    if (failures.length > 0) throw new Error(failures.map((f) => f.getReason()).join("\n"));
    return opened(plain(resp.getReturn())).plain;
  }

  /** The engine's CheckConfig of a provider's inputs (short names: apiToken, apiUrl). */
  async checkConfig(news: Properties): Promise<CheckOutcome> {
    const req = new provproto.CheckRequest()
      .setUrn("urn:pulumi:dev::engine-harness::pulumi:providers:serverscom::explicit")
      .setOlds(struct({}))
      .setNews(struct(news));
    const resp = await this.call<provproto.CheckResponse>((cb) => this.client.checkConfig(req, cb));
    return {
      inputs: plain(resp.getInputs()),
      failures: resp
        .getFailuresList()
        .map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  async diffConfig(olds: Properties, news: Properties): Promise<DiffOutcome & { diffs: string[] }> {
    const req = new provproto.DiffRequest()
      .setUrn("urn:pulumi:dev::engine-harness::pulumi:providers:serverscom::explicit")
      .setOlds(struct(olds))
      .setNews(struct(news))
      .setOldInputs(struct(olds));
    const resp = await this.call<provproto.DiffResponse>((cb) => this.client.diffConfig(req, cb));
    return {
      changes: resp.getChanges() === provproto.DiffResponse.DiffChanges.DIFF_SOME ? "some" : "none",
      replaces: resp.getReplacesList(),
      deleteBeforeReplace: resp.getDeletebeforereplace(),
      diffs: resp.getDiffsList(),
    };
  }

  async cancel(): Promise<void> {
    PluginHost.calls.push("Cancel");
    await this.call((cb) => this.client.cancel(new Empty(), cb));
  }

  /** A raw Create (tests of the protocol: secrets, previews), answered properties unopened. */
  async rawCreate(
    urn: string,
    properties: Properties,
    preview = false,
  ): Promise<{ id: string; properties: Properties }> {
    const req = new provproto.CreateRequest()
      .setUrn(urn)
      .setProperties(struct(properties))
      .setPreview(preview);
    const resp = await this.call<provproto.CreateResponse>((cb) => this.client.create(req, cb));
    return { id: resp.getId(), properties: plain(resp.getProperties()) };
  }

  /** Invoke, the answer as the plugin sealed it. */
  async rawInvoke(token: string, args: Properties): Promise<Properties> {
    const req = new provproto.InvokeRequest().setTok(token).setArgs(struct(args));
    const resp = await this.call<provproto.InvokeResponse>((cb) => this.client.invoke(req, cb));
    return plain(resp.getReturn());
  }

  async schema(): Promise<string> {
    const req = new provproto.GetSchemaRequest();
    const resp = await this.call<provproto.GetSchemaResponse>((cb) =>
      this.client.getSchema(req, cb),
    );
    return resp.getSchema();
  }

  async pluginVersion(): Promise<string> {
    const resp = await this.call<{ getVersion(): string }>((cb) =>
      this.client.getPluginInfo(new Empty(), cb),
    );
    return resp.getVersion();
  }

  async stop(): Promise<void> {
    this.client.close();
    this.engine.forceShutdown();
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.kill();
    await exited;
  }

  /** The request's timeout: the resource's customTimeouts for the operation, in seconds. */
  private timeoutSeconds(urn: string, operation: Operation): number {
    const ms = PluginHost.timeouts.get(nativeUrn(urn))?.[operation];
    return ms === undefined ? 0 : ms / 1000;
  }

  /** Outputs in clear, remembering which ones the plugin sealed. */
  private outputs(urn: string, props: Properties): Properties {
    const { plain: clear, secrets } = opened(props);
    PluginHost.sealedSecrets.set(urn, secrets);
    return clear;
  }

  private call<T>(
    invoke: (callback: (error: grpc.ServiceError | null, response: T) => void) => unknown,
    urn?: string,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      invoke((error, response) => {
        if (error === null) {
          resolve(response);
          return;
        }
        const failure = fromServiceError(error);
        // A partial failure's properties come sealed like any answer's.
        if (failure instanceof InitError && urn !== undefined) {
          reject(
            new InitError(
              failure.message,
              failure.id,
              this.outputs(urn, failure.properties),
              failure.reasons,
              failure.refreshBeforeUpdate,
            ),
          );
          return;
        }
        reject(failure);
      });
    });
  }
}
