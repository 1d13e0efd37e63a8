// The provider plugin's gRPC server: Pulumi's ResourceProvider service on the stubs that ship
// with @pulumi/pulumi (proto/provider_grpc_pb), over the same kinds and lifecycles as the dynamic
// classes (registry.ts). @pulumi/pulumi/provider's main() is not used: it passes no provider
// configuration to the implementation and leaves CheckConfig and DiffConfig unimplemented
// (pulumi/pulumi#10915). What the engine does with each answer, in pulumi/pulumi
// pkg/resource/plugin/provider_plugin.go (the engine's client of this service):
// - Handshake (NewProvider): acceptSecrets makes the engine send secrets wrapped and keep the
//   wrapped ones we return (MarshalOptions.KeepSecrets: protocol.acceptSecrets); a handshaking
//   provider is also taken to support previews (supportsPreview: true), so Create and Update are
//   called during previews with `preview` set, and answer without touching the API.
// - Configure: `args` with secrets kept, unknowns possible (then the engine does not configure
//   us at all and skips Create/Update in previews); see config.ts.
// - Create/Update errors carrying pulumirpc.ErrorResourceInitFailed in the status details are
//   partial failures: id, properties and reasons are recorded (parseError).
// - Read answering an empty id: the object is gone (refresh drops it; import fails).
// - Check failures are reported per property; Invoke failures likewise.
// - Cancel: the engine is shutting down; in-flight waits end at their own deadlines.
// Progress lines go to the engine's log (Engine.Log, to the address the engine passes as the
// plugin's argument and in Handshake): the CLI hides a native plugin's stderr (plugin.go,
// isDynamicPluginBinary, "Hiding logs").
//
// Lines, in pulumi/pulumi at commit 1b5949891b3c:
//   pkg/resource/plugin/plugin.go:324-327 stderr hidden unless a dynamic host (:793)
//   pkg/resource/plugin/plugin.go:375-431 the port: one line on stdout, parsed by parsePort (:449)
//   pkg/resource/plugin/plugin.go:728-743 arguments: logging flags, then the engine's address
//   pkg/resource/plugin/provider_plugin.go:203-205, 289 Handshake with EngineAddress; argv
//   pkg/resource/plugin/provider_plugin.go:319-321 acceptSecrets from Handshake; supportsPreview
//   pkg/resource/plugin/provider_plugin.go:1054-1160 Configure: variables and args (secrets kept)
//   pkg/resource/plugin/provider_plugin.go:1403-1446 Create in previews; :1472 the timeout
//   pkg/resource/plugin/provider_plugin.go:2437 Attach (PULUMI_DEBUG_PROVIDERS)
//   pkg/resource/plugin/provider_plugin.go:2540-2568 parseError: ErrorResourceInitFailed
//   pkg/resource/deploy/step.go:371, 1016, 695 Timeout from customTimeouts create/update/delete
//   pkg/resource/deploy/step.go:2037-2045 import: Read with URN and id only; :2177 then Check
//   sdk/go/common/resource/plugin/rpc.go:73 UnknownStringValue; sig/sig.go:21,24 secrets
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import * as engrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engproto from "@pulumi/pulumi/proto/engine_pb";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import type * as structproto from "google-protobuf/google/protobuf/struct_pb";
import { ClientCache, resolveSettings, type StackSettings } from "../framework/configuration";
import { messageOf, PartialResourceError } from "../framework/errors";
import type { ProviderContext } from "../framework/kind-provider";
import { requestBudgetFrom } from "../framework/request-budget";
import { createKindProviders, waitTuningFrom } from "../registry";
import { checkConfig, diffConfig, settingsFrom } from "./config";
import { DELETE_FIRST } from "./delete-first";
import type * as lookupFunctions from "./functions";
import { nameOfToken, packageSchema, schemaText } from "./generated";
import { NativeResource } from "./resources";
import type { Properties } from "./values";

// The gRPC library and protobuf runtime the stubs themselves load (@pulumi/pulumi's own), so that
// the service definitions and messages are of the same copy as the server.
const fromPulumi = createRequire(require.resolve("@pulumi/pulumi"));
const grpc = fromPulumi("@grpc/grpc-js") as typeof import("@grpc/grpc-js");
const { Struct } = fromPulumi(
  "google-protobuf/google/protobuf/struct_pb",
) as typeof import("google-protobuf/google/protobuf/struct_pb");
const emptyproto = fromPulumi(
  "google-protobuf/google/protobuf/empty_pb",
) as typeof import("google-protobuf/google/protobuf/empty_pb");
const anyproto = fromPulumi(
  "google-protobuf/google/protobuf/any_pb",
) as typeof import("google-protobuf/google/protobuf/any_pb");

// The lookup functions (./functions) are the package's program-side `getX`: they load
// @pulumi/pulumi's main entry, and with it the Automation API and the closure serialiser, which
// loads the TypeScript compiler. That was most of the plugin's start (1,530 ms against 364 ms
// without, and 160 MB against 90 MB of RSS, on the busy 2-core machine: docs/performance.md,
// section 8), which every command waits for before its first step, for the Invoke that most
// programs never make. They are loaded at the first Invoke instead.
let lookupModule: typeof lookupFunctions | undefined;
function lookups(): typeof lookupFunctions {
  lookupModule ??= require("./functions") as typeof lookupFunctions;
  return lookupModule;
}

type Unary<Req, Res> = (
  call: { request: Req },
  callback: (error: Partial<import("@grpc/grpc-js").StatusObject> | null, response?: Res) => void,
) => void;

export interface PluginOptions {
  /** The engine's gRPC address (the plugin's argument): where progress lines are logged. */
  readonly engineAddress?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** A running plugin: its port, and how to stop it. */
export interface RunningPlugin {
  readonly port: number;
  stop(): Promise<void>;
}

export class NativeProvider {
  #settings: StackSettings = {};
  /** Whether Configure came: only then do the lookups get the provider's settings. */
  #configured = false;
  #cancelled = false;
  #engine: engrpc.EngineClient | undefined;
  /**
   * The progress lines on their way to the engine, one call at a time: the engine serves each Log
   * call on a goroutine of its own, so lines sent together were shown out of order by the real
   * CLI ("creating -> active after 24ms" before "creating"), and a line still in flight when the
   * step answered came after the step's end. A call's answer waits for them (unary).
   */
  #logs: Promise<void> = Promise.resolve();
  readonly #clients = new ClientCache();
  /** The URN of the request being served, for the progress lines it causes. */
  readonly #urn = new AsyncLocalStorage<string>();
  readonly #resources: ReadonlyMap<string, NativeResource>;
  readonly #env: Readonly<Record<string, string | undefined>>;

  constructor(options: PluginOptions = {}) {
    this.#env = options.env ?? process.env;
    if (options.engineAddress !== undefined) this.connectEngine(options.engineAddress);
    const context: ProviderContext = {
      // The request budget's cap and hooks, as the dynamic door's (request-budget.ts).
      client: () =>
        this.#clients.client(
          resolveSettings(this.#settings, this.#env),
          requestBudgetFrom(this.#env),
        ),
      progress: (line) => this.log(line),
      waitTuning: () => waitTuningFrom(this.#env),
    };
    this.#resources = new Map(
      [...createKindProviders(context)].map(([kind, provider]) => [
        kind,
        new NativeResource(kind, provider, context.client),
      ]),
    );
  }

  /** Starts the gRPC server on a free loopback port. */
  async serve(): Promise<RunningPlugin> {
    const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
    server.addService(
      provrpc.ResourceProviderService,
      this.service() as unknown as import("@grpc/grpc-js").UntypedServiceImplementation,
    );
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
        error === null ? resolve(bound) : reject(error),
      ),
    );
    return {
      port,
      stop: async () => {
        await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
        this.#engine?.close();
        await this.#clients.close();
      },
    };
  }

  private service(): Partial<Record<keyof provrpc.IResourceProviderServer, unknown>> {
    return {
      handshake: this.unary(async (req: provproto.ProviderHandshakeRequest) => {
        this.connectEngine(req.getEngineAddress());
        return new provproto.ProviderHandshakeResponse()
          .setAcceptSecrets(true)
          .setAcceptResources(false)
          .setAcceptOutputs(false);
      }),
      attach: this.unary(async (req: plugproto.PluginAttach) => {
        this.connectEngine(req.getAddress());
        return new emptyproto.Empty();
      }),
      getPluginInfo: this.unary(async () =>
        new plugproto.PluginInfo().setVersion(packageSchema.version),
      ),
      getSchema: this.unary(async (req: provproto.GetSchemaRequest) => {
        if (req.getSubpackageName() !== "") {
          throw new Error(`serverscom has no subpackage ${req.getSubpackageName()}`);
        }
        return new provproto.GetSchemaResponse().setSchema(schemaText);
      }),
      checkConfig: this.unary(async (req: provproto.CheckRequest) => {
        const { inputs, failures } = checkConfig(plain(req.getNews()));
        return checkResponse(inputs, failures);
      }),
      diffConfig: this.unary(async (req: provproto.DiffRequest) => {
        const changed = diffConfig(plain(req.getOlds()), plain(req.getNews()));
        return diffResponse(changed, [], {});
      }),
      configure: this.unary(async (req: provproto.ConfigureRequest) => {
        const variables = new Map(req.getVariablesMap().toArray());
        this.#settings = settingsFrom(plain(req.getArgs()), variables);
        this.#configured = true;
        return new provproto.ConfigureResponse()
          .setAcceptsecrets(true)
          .setAcceptresources(false)
          .setSupportspreview(true);
      }),
      invoke: this.unary(async (req: provproto.InvokeRequest) => {
        const functions = lookups();
        // Given at each Invoke rather than at Configure, which may have come before they loaded.
        if (this.#configured) functions.configureLookups(this.#settings);
        const result = await functions.invoke(req.getTok(), plain(req.getArgs()));
        return new provproto.InvokeResponse().setReturn(struct(result));
      }),
      check: this.unary(async (req: provproto.CheckRequest) => {
        const resource = this.resource(req.getUrn());
        const { inputs, failures } = await resource.check(
          req.getUrn(),
          plain(req.getOlds()),
          plain(req.getNews()),
        );
        return checkResponse(inputs, failures);
      }),
      diff: this.unary(async (req: provproto.DiffRequest) => {
        const resource = this.resource(req.getUrn());
        // Within the URN: a diff may say in words that the update reinstalls a server.
        const diff = await this.within(req.getUrn(), () =>
          resource.diff(req.getUrn(), req.getId(), plain(req.getOlds()), plain(req.getNews())),
        );
        const changed = Object.keys(diff.detailed);
        return diffResponse(
          changed,
          diff.replaces,
          diff.detailed,
          diff.changes || changed.length > 0,
        ).setDeletebeforereplace(
          diff.replaces.length > 0 &&
            (diff.deleteBeforeReplace === true || DELETE_FIRST[resource.kind] !== undefined),
        );
      }),
      create: this.unary(async (req: provproto.CreateRequest) => {
        const resource = this.resource(req.getUrn());
        const news = plain(req.getProperties());
        if (req.getPreview()) {
          return new provproto.CreateResponse().setProperties(struct(resource.preview({}, news)));
        }
        this.refuseWhenCancelled();
        const created = await this.within(req.getUrn(), () =>
          resource.create(req.getUrn(), news, req.getTimeout()),
        );
        return new provproto.CreateResponse()
          .setId(created.id)
          .setProperties(struct(created.properties));
      }),
      read: this.unary(async (req: provproto.ReadRequest) => {
        const resource = this.resource(req.getUrn());
        const read = await this.within(req.getUrn(), () =>
          resource.read(
            req.getUrn(),
            req.getId(),
            plain(req.getProperties()),
            plain(req.getInputs()),
          ),
        );
        const response = new provproto.ReadResponse().setId(read.id);
        if (read.id === "") return response;
        return response.setProperties(struct(read.properties)).setInputs(struct(read.inputs));
      }),
      update: this.unary(async (req: provproto.UpdateRequest) => {
        const resource = this.resource(req.getUrn());
        const olds = plain(req.getOlds());
        const news = plain(req.getNews());
        if (req.getPreview()) {
          return new provproto.UpdateResponse().setProperties(struct(resource.preview(olds, news)));
        }
        this.refuseWhenCancelled();
        const outs = await this.within(req.getUrn(), () =>
          resource.update(req.getUrn(), req.getId(), olds, news, req.getTimeout()),
        );
        return new provproto.UpdateResponse().setProperties(struct(outs));
      }),
      delete: this.unary(async (req: provproto.DeleteRequest) => {
        const resource = this.resource(req.getUrn());
        this.refuseWhenCancelled();
        await this.within(req.getUrn(), () =>
          resource.delete(req.getUrn(), req.getId(), plain(req.getProperties()), req.getTimeout()),
        );
        return new emptyproto.Empty();
      }),
      cancel: this.unary(async () => {
        this.#cancelled = true;
        return new emptyproto.Empty();
      }),
    };
  }

  /** The kind a resource URN's type token names. */
  private resource(urn: string): NativeResource {
    const type = urn.split("::")[2]?.split("$").pop() ?? "";
    const kind = nameOfToken(type);
    const resource = kind === undefined ? undefined : this.#resources.get(kind);
    if (resource === undefined) {
      throw new Error(
        `serverscom: unknown resource type ${type} (known: ${[...this.#resources.keys()].map((k) => `serverscom:index:${k}`).join(", ")})`,
      );
    }
    return resource;
  }

  private refuseWhenCancelled(): void {
    if (this.#cancelled) {
      throw new Error("serverscom: the engine cancelled the operation; nothing new is started");
    }
  }

  private within<T>(urn: string, run: () => Promise<T>): Promise<T> {
    return this.#urn.run(urn, run);
  }

  private connectEngine(address: string): void {
    if (address === "" || this.#engine !== undefined) return;
    this.#engine = new engrpc.EngineClient(address, grpc.credentials.createInsecure());
  }

  /**
   * A progress line to the engine's log, attached to the resource being served; to stderr when
   * no engine is known (a plugin started by hand).
   */
  private log(line: string): void {
    const engine = this.#engine;
    if (engine === undefined) {
      process.stderr.write(`${line}\n`);
      return;
    }
    const request = new engproto.LogRequest()
      .setSeverity(engproto.LogSeverity.INFO)
      .setMessage(line)
      .setUrn(this.#urn.getStore() ?? "");
    this.#logs = this.#logs.then(
      () =>
        new Promise<void>((resolve) => {
          // A deadline: an engine that stops answering must not hold the steps' answers.
          engine.log(request, new grpc.Metadata(), { deadline: Date.now() + 10_000 }, (error) => {
            if (error !== null) process.stderr.write(`${line}\n`);
            resolve();
          });
        }),
    );
  }

  /** A handler from an async function: errors become gRPC statuses (partial ones with details). */
  private unary<Req, Res>(handle: (req: Req) => Promise<Res>): Unary<Req, Res> {
    return (call, callback) => {
      // The step's progress lines reach the engine before its answer (#logs).
      handle(call.request).then(
        async (response) => {
          await this.#logs;
          callback(null, response);
        },
        async (error: unknown) => {
          await this.#logs;
          callback(statusOf(error));
        },
      );
    };
  }
}

/**
 * The status of a failed call. A partial create or update carries ErrorResourceInitFailed in the
 * `grpc-status-details-bin` trailer, as the engine unpacks it (provider_plugin.go, parseError).
 */
function statusOf(error: unknown): Partial<import("@grpc/grpc-js").StatusObject> {
  const message = messageOf(error);
  const metadata = new grpc.Metadata();
  if (error instanceof PartialResourceError) {
    const detail = new provproto.ErrorResourceInitFailed()
      .setId(error.id)
      .setProperties(struct(error.properties))
      .setReasonsList(error.reasons)
      // A lost create's placeholder: the engine Reads it before the next `up` (placeholder.ts).
      .setRefreshBeforeUpdate(error.refreshBeforeUpdate);
    const any = new anyproto.Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusproto.Status().setCode(grpc.status.UNKNOWN).setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, metadata };
}

function plain(value: structproto.Struct | undefined): Properties {
  return (value?.toJavaScript() ?? {}) as Properties;
}

function struct(properties: Properties): structproto.Struct {
  return Struct.fromJavaScript(properties as Record<string, never>);
}

function checkResponse(
  inputs: Properties,
  failures: readonly { property: string; reason: string }[],
): provproto.CheckResponse {
  return new provproto.CheckResponse()
    .setInputs(struct(inputs))
    .setFailuresList(
      failures.map((f) => new provproto.CheckFailure().setProperty(f.property).setReason(f.reason)),
    );
}

/**
 * A diff with detailedDiff: the CLI shows each changed property and marks those that replace
 * (`hasDetailedDiff` tells it to trust the list rather than compute its own).
 */
function diffResponse(
  changed: readonly string[],
  replaces: readonly string[],
  detailed: Readonly<Record<string, { replace: boolean; added: boolean }>>,
  some = changed.length > 0,
): provproto.DiffResponse {
  const response = new provproto.DiffResponse()
    .setChanges(
      some
        ? provproto.DiffResponse.DiffChanges.DIFF_SOME
        : provproto.DiffResponse.DiffChanges.DIFF_NONE,
    )
    .setReplacesList([...replaces])
    .setDiffsList([...changed])
    .setHasdetaileddiff(true);
  const map = response.getDetaileddiffMap();
  for (const name of changed) {
    const entry = detailed[name] ?? { replace: false, added: false };
    const Kind = provproto.PropertyDiff.Kind;
    const kind = entry.added
      ? entry.replace
        ? Kind.ADD_REPLACE
        : Kind.ADD
      : entry.replace
        ? Kind.UPDATE_REPLACE
        : Kind.UPDATE;
    map.set(name, new provproto.PropertyDiff().setKind(kind).setInputdiff(true));
  }
  return response;
}
