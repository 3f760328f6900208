"""Per-layer outputs and their Pendings walked together with zip()."""

from __future__ import annotations

from llmserve.kernels import fill

import tilert as tr

LAYERS = 5


def main() -> None:
    outs = [tr.empty((512,)) for _ in range(LAYERS)]
    pends = [fill(o.partition((128,)), float(i)).submit() for i, o in enumerate(outs)]
    total = 0.0
    for out, p in zip(outs, pends, strict=True):
        p.wait()
        total += float(out.to_numpy().sum())
    assert total == 512 * sum(range(LAYERS)), total
    print(total)


if __name__ == "__main__":
    main()
