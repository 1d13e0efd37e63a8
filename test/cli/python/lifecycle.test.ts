// A Python program of the generated SDK (sdks/python, installed into a virtual environment with
// `pulumi` from PyPI: venv.ts) through the real CLI and the native plugin: up, a preview with
// refresh that proposes nothing, an in-place update, a replacement, destroy
// (support/languages.ts; the program is lifecycle.py).
import { join } from "node:path";
import { repoRoot } from "../../../scripts/engine/repo";
import { lifecycleSuite } from "../support/languages";
import { pythonEnvironment, pythonVersion } from "./venv";

lifecycleSuite(
  "a Python program of the generated SDK through the real CLI",
  pythonVersion(),
  "python3",
  "python",
  () => {
    const python = pythonEnvironment();
    return (step) => ({
      file: python,
      args: [join(repoRoot(), "test", "cli", "python", "lifecycle.py"), step],
    });
  },
);
