"""A helper records a reader into a graph it is given: a launch made inside a capture does
not follow a writer in flight (the graph may be replayed later, on any stream)."""

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


def record_reader(g: tr.Graph, out: Tensor[f32], src: Tensor[f32], bias: Tensor[f32]) -> None:
    with g:
        g.record(add(out.partition((T,)), src, bias))  # expect: TC102


def main() -> None:
    x = tr.ones((N,))
    y, z = tr.zeros((N,)), tr.zeros((N,))
    first = add(y.partition((T,)), x, x).submit()
    g = tr.graph()
    record_reader(g, z, y, x)  # expect-also
    first.wait()
    g.close()


if __name__ == "__main__":
    main()
