"""The stack the Python programs of the CLI suites run in (python/lifecycle.py, discover/
python.py): an Automation API inline program in the stack the test named, on the real CLI the
test built, with the provider's configuration (the simulator's URL, the token as a secret).
"""

from typing import Any, Callable

from pulumi import automation as auto


def inline_stack(settings: dict[str, Any], program: Callable[[], None]) -> auto.Stack:
    """The stack of `settings` (from the test, on stdin) running `program` in this process."""
    stack = auto.create_or_select_stack(
        stack_name=settings["stack"],
        project_name=settings["project"],
        program=program,
        opts=auto.LocalWorkspaceOptions(
            work_dir=settings["workDir"],
            pulumi_command=auto.PulumiCommand(root=settings["cliRoot"]),
        ),
    )
    stack.set_config("serverscom:apiUrl", auto.ConfigValue(settings["apiUrl"]))
    stack.set_config("serverscom:apiToken", auto.ConfigValue(settings["token"], secret=True))
    return stack


def change_counts(summary: dict[Any, int]) -> dict[str, int]:
    """A step's change summary with plain string keys (the operation enum's values)."""
    return {getattr(k, "value", k): v for k, v in summary.items()}
