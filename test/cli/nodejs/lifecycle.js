// A TypeScript program's lifecycle over the generated Node.js SDK (sdks/nodejs, compiled by the
// test into its temporary folder), one step per run, through the real Pulumi CLI and the native
// plugin. JavaScript, as the compiled SDK is: the program is the same one the Python and Go
// suites run (test/cli/support/languages.ts).
//
// The Automation API's inline program: @pulumi/pulumi serves the language-host protocol in this
// process (the Node.js language host is not built here: scripts/pulumi-cli/build.mjs).
//
// Usage: node lifecycle.js <step> <compiled SDK folder>, the stack's settings as JSON on stdin.
// The last line of output is the step's result as JSON.
const { createRequire } = require("node:module");
const { join } = require("node:path");

const [step, sdkDir] = process.argv.slice(2);
// The SDK and the Automation API through the SDK's own @pulumi/pulumi: one instance.
const load = createRequire(join(sdkDir, "bin", "index.js"));
const serverscom = load("./index.js");
const pulumi = load("@pulumi/pulumi");
const auto = load("@pulumi/pulumi/automation");

const updated = step === "update" || step === "replace";

async function program() {
  const location = await serverscom.getLocation({ code: "AMS1" });
  const standard = await serverscom.getRbsFlavor({ locationId: location.id, name: "standard" });
  const server = new serverscom.SbmServer("web", {
    locationId: location.id,
    sbmFlavorModelId: 601,
    operatingSystemId: 302,
    hostname: "web-1",
    labels: { env: updated ? "staging" : "prod" },
  });
  const volume = new serverscom.RbsVolume("data", {
    locationId: location.id,
    flavorId: standard.id,
    size: updated ? 120 : 100,
    labels: { env: "prod" },
  });
  // Subnetwork, DnsZone and DnsRecord cannot have two generations at once: over the native
  // plugin, as in every language but the dynamic classes, deleteBeforeReplace is the program's.
  const deleteFirst = { deleteBeforeReplace: true };
  const subnetwork = new serverscom.Subnetwork(
    "private",
    {
      networkPoolId: "NpAms1Pr",
      cidr: step === "replace" ? "10.20.0.8/29" : "10.20.0.0/29",
      title: "db",
    },
    deleteFirst,
  );
  const zone = new serverscom.DnsZone(
    "zone",
    { name: "example.com", email: "admin@example.com" },
    deleteFirst,
  );
  const record = new serverscom.DnsRecord(
    "www",
    { zoneId: zone.id, name: "www", type: "A", data: "192.0.2.1", ttl: updated ? 600 : 300 },
    deleteFirst,
  );
  return {
    locationCode: location.code,
    serverStatus: server.status,
    volumeSize: volume.size,
    volumeAddress: volume.ipAddress,
    subnetCidr: subnetwork.cidr,
    recordTtl: record.ttl,
  };
}

async function main() {
  let input = "";
  for await (const chunk of process.stdin) input += chunk;
  const settings = JSON.parse(input);
  const pulumiCommand = await auto.PulumiCommand.get({ root: settings.cliRoot });
  const stack = await auto.LocalWorkspace.createOrSelectStack(
    { stackName: settings.stack, projectName: settings.project, program },
    { workDir: settings.workDir, pulumiCommand },
  );
  await stack.setConfig("serverscom:apiUrl", { value: settings.apiUrl });
  await stack.setConfig("serverscom:apiToken", { value: settings.token, secret: true });
  const progress = (out) => process.stderr.write(out);
  let summary = {};
  let outputs = {};
  if (step === "preview-refresh") {
    const result = await stack.preview({
      refresh: true,
      expectNoChanges: true,
      onOutput: progress,
    });
    summary = result.changeSummary;
  } else if (step === "destroy") {
    const result = await stack.destroy({ onOutput: progress });
    summary = result.summary.resourceChanges;
  } else {
    const result = await stack.up({ onOutput: progress });
    summary = result.summary.resourceChanges;
    outputs = Object.fromEntries(Object.entries(result.outputs).map(([k, v]) => [k, v.value]));
  }
  void pulumi;
  console.log(JSON.stringify({ summary, outputs }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
