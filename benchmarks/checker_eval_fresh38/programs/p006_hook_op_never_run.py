"""Callbacks registered on a trainer; one hook builds its op and forgets to run it."""

from collections.abc import Callable

from trainkit import TILE, fill, sgd_step

import tilert as tr

Hook = Callable[["Loop"], None]


class Loop:
    def __init__(self, n: int) -> None:
        self.param = tr.ones((n,), name="param")
        self.grad = tr.full((n,), 0.25, name="grad")
        self.hooks: list[Hook] = []

    def register(self, hook: Hook) -> None:
        self.hooks.append(hook)

    def run(self, steps: int) -> None:
        for _ in range(steps):
            sgd_step(self.param.partition((TILE,)), self.grad, 0.1).sync()
            for hook in self.hooks:
                hook(self)  # expect-also: TC105


def zero_grad_hook(loop: Loop) -> None:
    op = fill(loop.grad.partition((TILE,)), 0.0)  # expect: TC105
    del op


def print_hook(loop: Loop) -> None:
    print("param[0] =", loop.param.to_numpy()[0])


loop = Loop(512)
loop.register(print_hook)
loop.register(zero_grad_hook)
loop.run(1)
