"""A Python program of the generated SDK (sdks/python), one lifecycle step per run, through the
real Pulumi CLI.

The CLI cannot start the Python language host here (it is not built: scripts/pulumi-cli/
build.mjs), so the program is an Automation API inline program: `pulumi.automation` serves the
language-host protocol in this process and the CLI connects to it. Everything else is the real
CLI's: engine, steps, diffs, the native plugin (found through `plugins.providers` in the
Pulumi.yaml the test wrote), state files.

Usage: python lifecycle.py <up|preview-refresh|update|replace|destroy>, with the stack's
settings as JSON on stdin (work dir, project, stack, the CLI's folder, the simulator's URL and
token). The last line of output is the step's result as JSON; the test judges it
(test/cli/python/lifecycle.test.ts).
"""

import json
import sys

import pulumi
import pulumi_serverscom as serverscom
from inline_stack import change_counts, inline_stack


def program(step: str):
    """The program as a user edits it between steps: `update` and `replace` change inputs."""
    updated = step in ("update", "replace")

    def run() -> None:
        location = serverscom.get_location(code="AMS1")
        standard = serverscom.get_rbs_flavor(location_id=location.id, name="standard")
        server = serverscom.SbmServer(
            "web",
            location_id=location.id,
            sbm_flavor_model_id=601,
            operating_system_id=302,
            hostname="web-1",
            labels={"env": "staging" if updated else "prod"},
        )
        volume = serverscom.RbsVolume(
            "data",
            location_id=location.id,
            flavor_id=standard.id,
            size=120 if updated else 100,
            labels={"env": "prod"},
        )
        # Subnetwork, DnsZone and DnsRecord cannot have two generations at once: the README's
        # "Other languages" section asks programs in other languages for deleteBeforeReplace.
        delete_first = pulumi.ResourceOptions(delete_before_replace=True)
        subnetwork = serverscom.Subnetwork(
            "private",
            network_pool_id="NpAms1Pr",
            cidr="10.20.0.8/29" if step == "replace" else "10.20.0.0/29",
            title="db",
            opts=delete_first,
        )
        zone = serverscom.DnsZone(
            "zone", name="example.com", email="admin@example.com", opts=delete_first
        )
        record = serverscom.DnsRecord(
            "www",
            zone_id=zone.id,
            name="www",
            type="A",
            data="192.0.2.1",
            ttl=600 if updated else 300,
            opts=delete_first,
        )
        pulumi.export("locationCode", location.code)
        pulumi.export("serverStatus", server.status)
        pulumi.export("volumeSize", volume.size)
        pulumi.export("volumeAddress", volume.ip_address)
        pulumi.export("subnetCidr", subnetwork.cidr)
        pulumi.export("recordTtl", record.ttl)

    return run


def main() -> None:
    step = sys.argv[1]
    settings = json.load(sys.stdin)
    stack = inline_stack(settings, program(step))
    if step == "preview-refresh":
        result = stack.preview(refresh=True, expect_no_changes=True, color="never")
        summary = result.change_summary
        outputs = {}
    elif step == "destroy":
        result = stack.destroy(color="never")
        summary = result.summary.resource_changes
        outputs = {}
    else:
        result = stack.up(color="never")
        summary = result.summary.resource_changes
        outputs = {name: out.value for name, out in result.outputs.items()}
    print(json.dumps({"summary": change_counts(summary), "outputs": outputs}))


if __name__ == "__main__":
    main()
