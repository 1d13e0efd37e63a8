// Every TypeScript example README.md shows compiles against the built package, as a user's
// program would import it. The programs under examples/ run for real (test/examples); this keeps
// the shorter snippets in the README true as the API changes.
import { execFile } from "node:child_process";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = join(__dirname, "..");
// Inside the repository, so `pulumi-serverscom` resolves through the package's self-reference.
const scratch = join(root, "test", ".readme-snippets");

/** The README's ```ts blocks, with the imports a program would have when a block omits them. */
async function snippets(): Promise<string[]> {
  const text = await readFile(join(root, "README.md"), "utf8");
  const blocks = [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");
  return blocks.map((block) => {
    const header = [
      block.includes('from "@pulumi/pulumi"') ? "" : 'import * as pulumi from "@pulumi/pulumi";',
      block.includes('from "pulumi-serverscom"')
        ? ""
        : 'import * as serverscom from "pulumi-serverscom";',
      "void pulumi;",
      "void serverscom;",
    ];
    const imports = block.includes('from "pulumi-serverscom/sdk"') ? [] : header;
    return `${imports.join("\n")}\n${block}\nexport {};\n`;
  });
}

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe("README.md", () => {
  it("has TypeScript examples, and every one type-checks against the package", async () => {
    const blocks = await snippets();
    expect(blocks.length).toBeGreaterThan(8);
    await rm(scratch, { recursive: true, force: true });
    await mkdir(scratch, { recursive: true });
    const files = blocks.map((_, index) => `snippet-${index + 1}.ts`);
    await Promise.all(
      blocks.map((block, index) => writeFile(join(scratch, files[index] ?? ""), block)),
    );
    await writeFile(
      join(scratch, "tsconfig.json"),
      JSON.stringify({
        extends: "../../tsconfig.json",
        include: files,
        compilerOptions: { noEmit: true },
      }),
    );
    const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
    const result = await run(process.execPath, [tsc, "-p", join(scratch, "tsconfig.json")], {
      cwd: root,
    }).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe("");
  }, 120_000);
});
