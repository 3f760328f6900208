from __future__ import annotations

from llmrun.kernels import fill

import tilert as tr


def launch_all(bufs: list[tr.Tensor]) -> list[tr.Pending]:
    return [fill(b.partition((16,)), 1.0).submit() for b in bufs]


def main() -> None:
    bufs = [tr.zeros((32,)) for _ in range(3)]
    pend = launch_all(bufs)
    list(map(tr.Pending.wait, pend))
    assert all(b.to_numpy().sum() == 32.0 for b in bufs)


main()
