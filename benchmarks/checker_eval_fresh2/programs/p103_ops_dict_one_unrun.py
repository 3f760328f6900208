"""An MLP's ops collected in a dict by stage; the runner forgets one stage."""

from __future__ import annotations

from llmserve.kernels import mul, silu

import tilert as tr

N = 256


def main() -> None:
    x = tr.ones((N,))
    w_up = tr.full((N,), 2.0)
    gate = tr.empty((N,))
    up = tr.empty((N,))
    ops = {
        "gate": silu(gate.partition((64,)), x),
        "up": mul(up.partition((64,)), x, w_up),  # expect: TC105
    }
    for stage in ("gate",):
        ops[stage].sync()
    print(gate.to_numpy()[0])


if __name__ == "__main__":
    main()
