"""Per-layer outputs walked with the Pendings in reverse (the newest is usually done first)."""

from __future__ import annotations

from llmserve.kernels import fill

import tilert as tr

LAYERS = 4


def main() -> None:
    outs = [tr.empty((512,)) for _ in range(LAYERS)]
    pends = [fill(o.partition((128,)), float(i)).submit() for i, o in enumerate(outs)]
    total = 0.0
    for out, p in zip(outs, reversed(pends), strict=True):
        p.wait()
        total += float(out.to_numpy().sum())  # expect: TC102
    print(total)


if __name__ == "__main__":
    main()
