"""An account brought under a Python program of the generated SDK (sdks/python), through the
real Pulumi CLI: `import` imports the bulk import file `serverscom-discover` wrote into the stack
(`pulumi import --file ... --generate-code=false`, through the Automation API's
`Stack.import_resources`); `preview` runs the program that declares every imported resource
with the same name, type, parent and inputs, as a Python program, and previews it with
`--expect-no-changes`.

The CLI cannot start the Python language host here (it is not built: scripts/pulumi-cli/
build.mjs), so the program is an Automation API inline program, as in test/cli/python/
lifecycle.py. `pulumi import` runs no program: the import's steps come from the file.

Usage: python python.py <import|preview>, with the stack's settings as JSON on stdin (work dir,
project, stack, the CLI's folder, the simulator's URL and token; for `import` the import file's
resources, for `preview` the program's resources). The last line of output is the step's change
summary as JSON; the test judges it (test/cli/discover/python.test.ts).
"""

import inspect
import json
import sys
from pathlib import Path

import pulumi
import pulumi_serverscom as serverscom

# The stack is made as test/cli/python/lifecycle.py makes it: one module beside that script.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python"))
from inline_stack import change_counts, inline_stack  # noqa: E402


def _plain(name: str) -> str:
    """A property name without case or underscores: `sbmFlavorModelId` and
    `sbm_flavor_model_id` alike."""
    return name.replace("_", "").lower()


def keyword_arguments(cls: type, inputs: dict) -> dict:
    """The inputs (in the schema's names) as the keyword arguments of the class's constructor.

    Nested objects keep the schema's names: the Python SDK sends a dict key it does not know as
    a Python name as it is (pulumi 3.272.0 pulumi/runtime/rpc.py, serialize_property)."""
    names = {
        _plain(p): p
        for p in inspect.signature(cls._internal_init).parameters
        if p not in ("self", "resource_name", "opts", "__props__")
    }
    out = {}
    for key, value in inputs.items():
        name = names.get(_plain(key))
        if name is None:
            raise ValueError(f"{cls.__name__} has no input {key}")
        out[name] = value
    return out


def program(resources: list):
    """Every resource of the import file, declared as a user writes them after the import."""

    def run() -> None:
        declared: dict = {}
        pending = list(resources)
        while pending:
            ready = [r for r in pending if r.get("parent") is None or r["parent"] in declared]
            if not ready:
                raise ValueError(f"parents never declared: {[r['name'] for r in pending]}")
            for resource in ready:
                cls = getattr(serverscom, resource["type"].split(":")[-1])
                inputs = dict(resource["inputs"])
                for key in resource.get("secrets", []):
                    inputs[key] = pulumi.Output.secret(inputs[key])
                parent = declared.get(resource.get("parent"))
                declared[resource["name"]] = cls(
                    resource["name"],
                    opts=pulumi.ResourceOptions(parent=parent),
                    **keyword_arguments(cls, inputs),
                )
            pending = [r for r in pending if r not in ready]

    return run


def main() -> None:
    step = sys.argv[1]
    settings = json.load(sys.stdin)
    stack = inline_stack(settings, program(settings.get("program", [])))
    if step == "import":
        result = stack.import_resources(
            resources=settings["resources"],
            protect=False,
            generate_code=False,
        )
        summary = result.summary.resource_changes
    else:
        result = stack.preview(expect_no_changes=True, color="never", diff=True)
        summary = result.change_summary
    print(json.dumps({"summary": change_counts(summary)}))


if __name__ == "__main__":
    main()
