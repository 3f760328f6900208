"""Continuous batching: finished requests are detected with done() and their output read, but
done() releases nothing."""

from dataclasses import dataclass

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


@dataclass
class Slot:
    rid: int
    out: tr.Tensor
    pend: tr.Pending


def main() -> None:
    x = tr.ones((128,))
    active = []
    for rid in range(3):
        out = tr.zeros((128,))
        active.append(Slot(rid, out, K.scale(tiles(out), x, float(rid)).submit()))
    results: dict[int, float] = {}
    while active:
        for slot in list(active):
            if slot.pend.done():
                results[slot.rid] = float(slot.out.to_numpy()[0])  # expect: TC102
                active.remove(slot)
    print(results)


if __name__ == "__main__":
    main()
