// Pulumi programs as the harness runs them: a function given the package, or a program file (an
// example's index.ts) loaded the way the Pulumi CLI's Node.js runtime loads it.
//
// The CLI compiles a TypeScript program to CommonJS with ts-node and requires it from its own
// path (@pulumi/pulumi cmd/run/run.js), so `pulumi-serverscom` and `@pulumi/pulumi` resolve from
// the program's folder: inside this repository through the package's self-reference, to dist/.
// programFile does the same with the TypeScript compiler's transpiler, into a fresh module on
// every run: `pulumi up` runs the program anew each time, and Node's module cache would not.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { compileFunction } from "node:vm";
import * as ts from "typescript";

export type PulumiModule = typeof import("@pulumi/pulumi");
export type PackageModule = typeof import("../../provider/index");

/** What a program exports: the stack outputs. */
export type ProgramExports = Readonly<Record<string, unknown>>;

/**
 * A program: declares resources with the package it is given (loaded from dist/), and may return
 * its stack outputs, as a program file exports them.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a program written as statements returns void.
export type Program = (serverscom: PackageModule, pulumi: PulumiModule) => ProgramExports | void;

/** The program in a TypeScript file, evaluated anew by every call. */
export function programFile(file: string): Program {
  return () => {
    const source = readFileSync(file, "utf8");
    const { outputText } = ts.transpileModule(source, {
      fileName: file,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
      },
    });
    const module: { exports: Record<string, unknown> } = { exports: {} };
    const run = compileFunction(
      outputText,
      ["exports", "require", "module", "__filename", "__dirname"],
      { filename: file },
    );
    run(module.exports, createRequire(file), module, file, dirname(file));
    // tsc's marker for ES module interop, not a stack output.
    const { __esModule: _marker, ...exported } = module.exports;
    return exported;
  };
}

/** A resolved stack output. */
export interface StackOutput {
  readonly value: unknown;
  readonly secret: boolean;
}

/**
 * The Output internals that resolve a value and tell its secretness (output.ts, OutputImpl):
 * the public `apply` never calls back for a failed Output, so it cannot report the failure.
 */
interface OutputInternals {
  promise(): Promise<unknown>;
  readonly isSecret: Promise<boolean>;
}

/** The program's exports resolved as the engine records stack outputs. */
export async function resolveStackOutputs(
  pulumi: PulumiModule,
  exported: ProgramExports,
): Promise<Map<string, StackOutput>> {
  const out = new Map<string, StackOutput>();
  for (const [name, value] of Object.entries(exported)) {
    const output = pulumi.output(value) as unknown as OutputInternals;
    out.set(name, { value: await output.promise(), secret: await output.isSecret });
  }
  return out;
}
