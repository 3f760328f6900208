"""Callbacks registered in a dict by name: two hooks are registered with the same closure that
syncs one prepared op, so the second hook runs it again."""

from __future__ import annotations

from collections.abc import Callable

from llmforge import kernels as k

import tilert as tr

logits = tr.ones((64,))
probs = tr.zeros((64,))
hooks: dict[str, Callable[[], None]] = {}


def register(name: str, fn: Callable[[], None]) -> None:
    hooks[name] = fn


normalize = k.scale(probs.partition((16,)), logits, 1.0 / 64)


def run_normalize() -> None:
    normalize.sync()  # expect: TC110


register("normalize", run_normalize)
register("before_sample", run_normalize)
for name, hook in hooks.items():
    print("running", name)
    hook()  # expect-also
print(probs.to_numpy().sum())
