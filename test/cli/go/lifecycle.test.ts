// A Go program of the generated SDK (sdks/go/serverscom through a `replace`: program/go.mod)
// through the real CLI and the native plugin: up, a preview with refresh that proposes nothing,
// an in-place update, a replacement, destroy (support/languages.ts; the program is
// program/main.go).
import { describe } from "vitest";
import { lifecycleTests } from "../support/languages";
import { goProgram, goVersion } from "./build";

const GO = goVersion();

describe.skipIf(GO === undefined)(
  `a Go program of the generated SDK through the real CLI${GO === undefined ? " (skipped: no go on PATH)" : ""}`,
  () => {
    lifecycleTests("go", () => {
      const program = goProgram();
      return (step) => ({ file: program, args: [step] });
    });
  },
);
