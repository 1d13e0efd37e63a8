// No path of a development machine in committed text (the developers' guide): a comment or a
// message naming a home folder, the machine's work folder or its temporary folder tells nothing
// to a reader elsewhere and leaks how one machine is laid out. Code that needs the temporary
// folder asks the system (os.tmpdir()); sources are cited by repository, version and file.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(__dirname, "..", "..");
/** The top folders that only a machine has (its work folder, home folders, temporary folder). */
const MACHINE_FOLDERS = ["work", "root", "tmp", "home", "Users"];
/** An absolute path under one of them. */
const MACHINE_PATH = new RegExp(`(^|[\\s"'\`(=:])\\/(${MACHINE_FOLDERS.join("|")})(\\/|\\b)`);
/** A path under such a folder, spelled so that this file holds none of them literally. */
const under = (folder: string, rest: string) => `/${folder}${rest}`;

function trackedTextFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" });
  return out
    .split("\0")
    .filter((file) => file !== "" && !file.endsWith("package-lock.json"))
    .filter((file) => !/\.(png|jpg|gif|ico|tgz|gz|zip|wasm)$/.test(file));
}

describe("committed text", () => {
  it("names no path of a development machine", () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(300);
    const hits: string[] = [];
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(join(root, file), "utf8");
      } catch {
        continue; // Listed by git but not in this checkout (a deleted, uncommitted file).
      }
      if (text.includes("\0")) continue;
      text.split("\n").forEach((line, index) => {
        if (MACHINE_PATH.test(line)) hits.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(hits).toEqual([]);
  });

  it("the pattern catches what it is for (the check's own proof)", () => {
    for (const line of [
      `// see ${under("work", "/main/provider/x.ts")}`,
      `const p = "${under("root", "/go/pkg/mod")}";`,
      `npm pack --pack-destination ${under("tmp", "")} ./x`,
      `(${under("home", "/dev/src")})`,
    ]) {
      expect(MACHINE_PATH.test(line), line).toBe(true);
    }
    for (const line of [
      "sdk/core/retry.ts",
      "a/tmp/b",
      `https://example.com${under("work", "/x")}`,
      "docs/home",
    ]) {
      expect(MACHINE_PATH.test(line), line).toBe(false);
    }
  });
});
