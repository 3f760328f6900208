from __future__ import annotations

from llmrun.kernels import fill

import tilert as tr


def launch_all(bufs: list[tr.Tensor]) -> list[tr.Pending]:
    return [fill(b.partition((16,)), 1.0).submit() for b in bufs]  # expect: TC108


def main() -> None:
    bufs = [tr.zeros((32,)) for _ in range(3)]
    pend = launch_all(bufs)  # expect-also
    for i in range(len(pend) - 1):
        pend[i].wait()
    print(bufs[0].to_numpy()[0])


main()
