// What programs register under pulumi.runtime.setMocks, under the secret scan: every program a
// test runs (the harness's, the examples', the program suites' own setMocks) registers its
// resources through @pulumi/pulumi's MockMonitor, with secrets still wrapped as the engine
// receives them. The engine stores a registration's inputs and a stack's outputs as given, the
// wrapped ones sealed: anything secret that reaches them unwrapped would be stored in clear.
//
// The patch goes on the prototype because setMocks makes its monitor inside @pulumi/pulumi;
// vitest loads @pulumi/pulumi natively (not per test file), so the patched methods look the
// registry up at each call rather than holding one.
import { createRequire } from "node:module";
import { join } from "node:path";
import { repoRoot } from "../../scripts/engine/repo";
import { currentRegistry, withoutSecrets, wrappedSecrets } from "./captured";

interface Struct {
  toJavaScript(): Record<string, unknown>;
}

interface MonitorPrototype {
  registerResource(
    req: { getType(): string; getName(): string; getObject(): Struct | undefined },
    callback: unknown,
  ): unknown;
  registerResourceOutputs(
    req: { getUrn(): string; getOutputs(): Struct | undefined },
    callback: unknown,
  ): unknown;
}

const PATCHED = Symbol.for("pulumi-serverscom.secret-scan.mock-monitor");

function record(source: string, props: Record<string, unknown> | undefined): void {
  if (props === undefined) return;
  const registry = currentRegistry();
  // What the program wrapped is a secret of the run: searched for in everything else.
  registry.addSecret(`secret of ${source}`, wrappedSecrets(props));
  registry.addText("program registrations", source, JSON.stringify(withoutSecrets(props)));
  if (typeof props.__provider === "string") {
    registry.addText("__provider", source, props.__provider);
  }
}

/** Patches @pulumi/pulumi's MockMonitor (the repository's copy, the one every program loads). */
export function capturePulumiRegistrations(): void {
  const require = createRequire(join(repoRoot(), "noop.js"));
  const { MockMonitor } = require("@pulumi/pulumi/runtime/mocks") as {
    MockMonitor: { prototype: MonitorPrototype & { [PATCHED]?: true } };
  };
  const proto = MockMonitor.prototype;
  if (proto[PATCHED] === true) return;
  proto[PATCHED] = true;
  const registerResource = proto.registerResource;
  const registerResourceOutputs = proto.registerResourceOutputs;
  proto.registerResource = function (req, callback) {
    record(`program ${req.getType()} ${req.getName()}`, req.getObject()?.toJavaScript());
    return registerResource.call(this, req, callback);
  };
  proto.registerResourceOutputs = function (req, callback) {
    record(`program outputs of ${req.getUrn()}`, req.getOutputs()?.toJavaScript());
    return registerResourceOutputs.call(this, req, callback);
  };
}
