// The package schema's metadata and language sections, all derived from package.json: the npm
// package's name, version, description, license and keywords, and the project's home address,
// decided once in `repository`. The generated SDKs (scripts/sdkgen, sdks/<language>) take their
// package names, versions and links from these sections, so every registry names one project.

/** What the schema reads from package.json. */
export interface PackageJson {
  readonly name: string;
  readonly version: string;
  readonly description: string;
  readonly license: string;
  readonly keywords?: readonly string[];
  readonly repository: string | { readonly url: string };
}

/** The schema's package name: tokens are `serverscom:index:<Kind>`. */
export const SCHEMA_NAME = "serverscom";

/** The npm name of the generated Node.js SDK (sdks/nodejs), beside the dynamic classes'. */
export const NODEJS_SDK_NAME = "@pulumi-serverscom/serverscom";

/** The Python package (import name); PyPI normalises it to `pulumi-serverscom`. */
export const PYTHON_PACKAGE = "pulumi_serverscom";

/** The .NET root namespace, also the NuGet id's stem (`PulumiServersCom.Serverscom`). */
export const DOTNET_NAMESPACE = "PulumiServersCom";

/** The Java base package: the Maven group `com.pulumiserverscom`, artifact `serverscom`. */
export const JAVA_BASE_PACKAGE = "com.pulumiserverscom";

/**
 * The project's address, from package.json's `repository` ("git+https://...git" or
 * "github:owner/name" forms): `https://github.com/<owner>/<name>`.
 */
export function projectAddress(pkg: PackageJson): string {
  const raw = typeof pkg.repository === "string" ? pkg.repository : pkg.repository.url;
  const shorthand = /^(?:github:)?([\w.-]+)\/([\w.-]+)$/.exec(raw);
  if (shorthand !== null) return `https://github.com/${shorthand[1]}/${shorthand[2]}`;
  const url = new URL(raw.replace(/^git\+/, "").replace(/^git:/, "https:"));
  const path = url.pathname.replace(/\.git$/, "").replace(/\/$/, "");
  if (url.hostname !== "github.com" || path.split("/").length !== 3) {
    throw new Error(
      `package.json repository ${raw} is not a GitHub repository: pluginDownloadURL needs one`,
    );
  }
  return `https://github.com${path}`;
}

/** `<owner>/<name>` of the project's GitHub repository. */
function ownerAndName(pkg: PackageJson): string {
  return new URL(projectAddress(pkg)).pathname.slice(1);
}

/**
 * The schema's top-level metadata. `pluginDownloadURL` uses the CLI's `github://` scheme: the
 * CLI fetches `pulumi-resource-serverscom-v<version>-<os>-<arch>.tar.gz` from the repository's
 * release of tag `v<version>` (pulumi/pulumi v3.274.1 sdk/go/common/workspace/plugins.go,
 * newGithubSource). No `logoUrl`: the repository has no logo.
 */
export function packageMetadata(pkg: PackageJson): Record<string, unknown> {
  const address = projectAddress(pkg);
  const keywords = [...(pkg.keywords ?? [])];
  for (const required of ["pulumi", SCHEMA_NAME, "category/infrastructure", "kind/native"]) {
    if (!keywords.includes(required)) keywords.push(required);
  }
  return {
    name: SCHEMA_NAME,
    displayName: "servers.com",
    version: pkg.version,
    description: pkg.description,
    keywords,
    homepage: address,
    license: pkg.license,
    repository: address,
    publisher: `The ${pkg.name} contributors`,
    pluginDownloadURL: `github://api.github.com/${ownerAndName(pkg)}`,
  };
}

/**
 * The language sections. Each SDK's version is the schema's (`respectSchemaVersion`), which is
 * package.json's: one version for the npm package, the plugin archives and every SDK.
 */
export function languageSections(pkg: PackageJson): Record<string, unknown> {
  const address = projectAddress(pkg);
  const goModule = `${address.replace(/^https:\/\//, "")}/sdks/go/${SCHEMA_NAME}`;
  return {
    nodejs: {
      packageName: NODEJS_SDK_NAME,
      packageDescription: `${pkg.description} The native plugin's SDK, generated from its schema.`,
      respectSchemaVersion: true,
    },
    python: {
      packageName: PYTHON_PACKAGE,
      pyproject: { enabled: true },
      respectSchemaVersion: true,
    },
    go: {
      importBasePath: goModule,
      generateResourceContainerTypes: true,
      respectSchemaVersion: true,
    },
    csharp: {
      rootNamespace: DOTNET_NAMESPACE,
      respectSchemaVersion: true,
    },
    java: {
      basePackage: JAVA_BASE_PACKAGE,
      buildFiles: "gradle",
      gradleNexusPublishPluginVersion: "2.0.0",
    },
  };
}
