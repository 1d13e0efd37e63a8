// A Go program of the generated SDK (sdks/go/serverscom through a `replace`: program/go.mod)
// through the real CLI and the native plugin: up, a preview with refresh that proposes nothing,
// an in-place update, a replacement, destroy (support/languages.ts; the program is
// program/main.go).
import { lifecycleSuite } from "../support/languages";
import { goProgram, goVersion } from "./build";

lifecycleSuite(
  "a Go program of the generated SDK through the real CLI",
  goVersion(),
  "go",
  "go",
  () => {
    const program = goProgram();
    return (step) => ({ file: program, args: [step] });
  },
);
