// The package schema's metadata and language sections (scripts/schema/package-meta.ts) agree
// with package.json, and the committed SDKs (sdks/<language>, `npm run sdks`) carry the same
// names, version and plugin source: one project on every registry.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/engine/repo";
import {
  DOTNET_NAMESPACE,
  type PackageJson,
  packageMetadata,
  projectAddress,
} from "../../scripts/schema/package-meta";

const REPO = repoRoot();
const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as PackageJson;
const schema = (
  JSON.parse(readFileSync(join(REPO, "provider", "native", "generated.json"), "utf8")) as {
    schema: Record<string, unknown> & { language: Record<string, Record<string, unknown>> };
  }
).schema;
const ADDRESS = "https://github.com/pulumi-serverscom/pulumi-serverscom";
const sdk = (path: string) => readFileSync(join(REPO, "sdks", path), "utf8");

describe("the schema's metadata, from package.json", () => {
  it("the project's address comes from `repository`, in each of npm's forms", () => {
    expect(projectAddress(pkg)).toBe(ADDRESS);
    const forms = [
      "git+https://github.com/pulumi-serverscom/pulumi-serverscom.git",
      "https://github.com/pulumi-serverscom/pulumi-serverscom",
      "github:pulumi-serverscom/pulumi-serverscom",
      "pulumi-serverscom/pulumi-serverscom",
    ];
    for (const url of forms) {
      expect(projectAddress({ ...pkg, repository: { url } }), url).toBe(ADDRESS);
      expect(projectAddress({ ...pkg, repository: url }), url).toBe(ADDRESS);
    }
    expect(() => projectAddress({ ...pkg, repository: "https://gitlab.com/a/b" })).toThrow(
      /not a GitHub repository/,
    );
  });

  it("name, version, description, license, keywords, links and plugin source", () => {
    expect(schema).toMatchObject({
      name: "serverscom",
      displayName: "servers.com",
      version: pkg.version,
      description: pkg.description,
      license: pkg.license,
      homepage: ADDRESS,
      repository: ADDRESS,
      pluginDownloadURL: "github://api.github.com/pulumi-serverscom/pulumi-serverscom",
    });
    expect(schema.keywords).toEqual([
      ...(pkg.keywords ?? []),
      "category/infrastructure",
      "kind/native",
    ]);
    // A person or organisation, not the package's name.
    expect(schema.publisher).not.toBe(pkg.name);
    expect(schema.publisher).toMatch(/contributors/);
    // No logo in the repository: none named.
    expect(schema.logoUrl).toBeUndefined();
    expect(packageMetadata(pkg)).toEqual(
      Object.fromEntries(Object.keys(packageMetadata(pkg)).map((key) => [key, schema[key]])),
    );
  });

  it("language sections: names that do not clash, the Go module under this repository", () => {
    const { nodejs, python, go, csharp, java } = schema.language;
    expect(nodejs?.packageName).not.toBe(pkg.name);
    expect(python).toMatchObject({
      packageName: "pulumi_serverscom",
      pyproject: { enabled: true },
    });
    expect(go).toMatchObject({
      importBasePath: "github.com/pulumi-serverscom/pulumi-serverscom/sdks/go/serverscom",
      generateResourceContainerTypes: true,
    });
    expect(csharp?.rootNamespace).toBe(DOTNET_NAMESPACE);
    expect(java?.basePackage).toBe("com.pulumiserverscom");
    for (const section of [nodejs, python, go, csharp]) {
      expect(section?.respectSchemaVersion).toBe(true);
    }
  });
});

describe("the committed SDKs carry the schema's names and version", () => {
  const plugin = {
    resource: true,
    name: "serverscom",
    version: pkg.version,
    server: "github://api.github.com/pulumi-serverscom/pulumi-serverscom",
  };

  it("Python: pyproject.toml and pulumi-plugin.json", () => {
    const pyproject = sdk("python/pyproject.toml");
    expect(pyproject).toContain('name = "pulumi_serverscom"');
    expect(pyproject).toContain(`version = "${pkg.version}"`);
    expect(pyproject).toContain(`Repository = "${ADDRESS}"`);
    expect(JSON.parse(sdk("python/pulumi_serverscom/pulumi-plugin.json"))).toEqual(plugin);
  });

  it("Go: the module path is the import base path", () => {
    expect(sdk("go/serverscom/go.mod").split("\n")[0]).toBe(
      `module ${schema.language.go?.importBasePath}`,
    );
    expect(JSON.parse(sdk("go/serverscom/pulumi-plugin.json"))).toEqual(plugin);
  });

  it(".NET: the NuGet id and version", () => {
    const csproj = join(REPO, "sdks", "dotnet", `${DOTNET_NAMESPACE}.Serverscom.csproj`);
    expect(existsSync(csproj)).toBe(true);
    const text = readFileSync(csproj, "utf8");
    expect(text).toContain(`<Version>${pkg.version}</Version>`);
    expect(text).toContain(`<RepositoryUrl>${ADDRESS}</RepositoryUrl>`);
    expect(JSON.parse(sdk("dotnet/pulumi-plugin.json"))).toEqual(plugin);
  });

  it("Node.js: a package name of its own, the plugin named in package.json", () => {
    const manifest = JSON.parse(sdk("nodejs/package.json")) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: schema.language.nodejs?.packageName,
      version: pkg.version,
      pulumi: plugin,
    });
  });
});
