"""Dependent submits without waits between them (docs/decisions.md, "Async"): each stage
reads the previous stage's output while its writer is in flight; a helper submits and returns
the Pending, the Pendings are kept in a list, one reader runs on a stream of its own."""

from __future__ import annotations

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32

N = 1024
T = 256


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def stage(out: Tensor[f32], inp: Tensor[f32], bias: Tensor[f32]) -> tr.Pending:
    return add(out.partition((T,)), inp, bias).submit()


def main() -> None:
    bias = tr.ones((N,))
    acts = [tr.zeros((N,)) for _ in range(4)]
    pendings = [stage(acts[0], bias, bias)]
    prev = acts[0]
    for act in acts[1:]:
        pendings.append(stage(act, prev, bias))  # reads prev, still being written
        prev = act
    side = tr.zeros((N,))
    other = add(side.partition((T,)), acts[0], bias).submit(tr.Stream())
    other.wait()
    for pending in pendings:
        pending.wait()
    print(acts[-1].to_numpy()[0], side.to_numpy()[0])


if __name__ == "__main__":
    main()
