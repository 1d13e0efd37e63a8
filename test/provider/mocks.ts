// Shared by the program suites (pulumi.runtime.setMocks): mocks that record what a program
// registers with the engine, and small readers of resources and outputs.
import * as pulumi from "@pulumi/pulumi";
import { beforeEach, expect } from "vitest";
import { ownerLabelValue } from "../../provider/framework/ownership";

export interface Registered {
  readonly type: string;
  readonly name: string;
  /** The inputs as the mocks' newResource sees them. */
  readonly inputs: Record<string, unknown>;
  /** The RegisterResourceRequest's object as sent: secrets still wrapped. */
  readonly wire: Record<string, unknown>;
  readonly additionalSecretOutputs: string[];
  /** URNs the resource was registered as depending on. */
  readonly dependencies: string[];
}

export interface CaptureOptions {
  readonly project?: string;
  readonly stack?: string;
  /** Run the program as a preview: a new resource's id is unknown. */
  readonly preview?: boolean;
  /** The id newResource answers; `${name}-id` unless given. */
  readonly id?: (name: string) => string;
  /** The state newResource answers; the inputs unless given. */
  readonly state?: (inputs: Record<string, unknown>) => Record<string, unknown>;
}

interface Request {
  getName(): string;
  getAdditionalsecretoutputsList(): string[];
  getDependenciesList(): string[];
  getObject(): { toJavaScript(): Record<string, unknown> } | undefined;
}

/**
 * Installs mocks that record each registration, in order, into the list it answers. The mocks'
 * newResource sees neither the resource options nor the wrapped secrets, so the monitor's
 * registerResource is wrapped to read them from the request the SDK sent (the same
 * RegisterResourceRequest the engine receives). `registered` is the list to record into.
 */
export async function captureRegistrations(
  options: CaptureOptions = {},
  registered: Registered[] = [],
): Promise<Registered[]> {
  const requests = new Map<string, Request>();
  const preview = options.preview ?? false;
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        const inputs = args.inputs as Record<string, unknown>;
        const request = requests.get(args.name);
        registered.push({
          type: args.type,
          name: args.name,
          inputs,
          wire: request?.getObject()?.toJavaScript() ?? {},
          additionalSecretOutputs: request?.getAdditionalsecretoutputsList() ?? [],
          dependencies: request?.getDependenciesList() ?? [],
        });
        return {
          id: preview ? undefined : (options.id?.(args.name) ?? `${args.name}-id`),
          state: options.state ? options.state(inputs) : inputs,
        };
      },
      call: () => ({}),
    },
    options.project ?? "proj",
    options.stack ?? "dev",
    preview,
  );
  const monitor = pulumi.runtime.getMonitor() as unknown as {
    registerResource(req: Request, callback: unknown): void;
  };
  const original = monitor.registerResource.bind(monitor);
  monitor.registerResource = (req, callback) => {
    requests.set(req.getName(), req);
    original(req, callback);
  };
  return registered;
}

/**
 * Fresh mocks before each test of the file (captureRegistrations with `options`): the list it
 * answers holds the registrations of the running test.
 */
export function registrationsOfEachTest(options: CaptureOptions = {}): Registered[] {
  const registered: Registered[] = [];
  beforeEach(async () => {
    registered.length = 0;
    await captureRegistrations(options, registered);
  });
  return registered;
}

/** A CaptureOptions state: the inputs and `outputs`, the values the service adds. */
export function inputsAnd(outputs: Record<string, unknown>) {
  return (inputs: Record<string, unknown>) => ({ ...inputs, ...outputs });
}

/**
 * The only registration so far, checked to be the only one and a `kind`: the dynamic type token,
 * and a serialised provider naming the kind.
 */
export function onlyRegistration(registered: readonly Registered[], kind: string): Registered {
  expect(registered).toHaveLength(1);
  const [entry] = registered;
  expect(entry?.type).toBe(`pulumi-nodejs:dynamic/serverscom:${kind}`);
  expect(String(entry?.inputs.__provider)).toContain(`kind: "${kind}"`);
  return entry as Registered;
}

/** Waits until every resource has its id. */
export async function settle(...resources: pulumi.CustomResource[]): Promise<void> {
  await Promise.all(resources.map((r) => new Promise((resolve) => r.id.apply(resolve))));
}

/** The value an output resolves to. */
export function resolved<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply(resolve));
}

/** A value as the engine receives a secret. */
export function secretEnvelope(value: unknown) {
  return { [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig, value };
}

/** The ownership label of a `kind` named `name` declared at the top of project/stack proj/dev. */
export function owner(kind: string, name: string): string {
  return ownerLabelValue({
    project: "proj",
    stack: "dev",
    type: `pulumi-nodejs:dynamic/serverscom:${kind}`,
    name,
    parent: "",
  });
}
