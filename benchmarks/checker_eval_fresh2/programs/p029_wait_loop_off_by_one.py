"""Per-layer outputs waited with a range loop, then summarised."""

from __future__ import annotations

from llmserve.kernels import axpy

import tilert as tr

LAYERS, N = 4, 256


def main() -> None:
    x = tr.ones((N,))
    outs = [tr.zeros((N,)) for _ in range(LAYERS)]
    pends = [axpy(outs[i].partition((64,)), x, float(i)).submit() for i in range(LAYERS)]
    for i in range(LAYERS - 1):
        pends[i].wait()
    summary = [float(o.to_numpy()[0]) for o in outs]  # expect: TC102
    pends[-1].wait()
    print(summary)


if __name__ == "__main__":
    main()
