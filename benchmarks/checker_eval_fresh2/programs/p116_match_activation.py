"""The activation is picked with `match`; exactly one op is built and run."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import copy, relu, silu

import tilert as tr

N = 256


def activate(kind: str, out: tr.Tensor, x: tr.Tensor) -> tr.Pending:
    part = out.partition((64,))
    match kind:
        case "relu":
            op = relu(part, x)
        case "silu":
            op = silu(part, x)
        case _:
            op = copy(part, x)
    return op.submit()


def main() -> None:
    x = tr.full((N,), -1.0)
    results = {}
    for kind in ("relu", "silu", "identity"):
        out = tr.empty((N,))
        activate(kind, out, x).wait()
        results[kind] = float(out.to_numpy()[0])
    np.testing.assert_allclose(results["relu"], 0.0)
    np.testing.assert_allclose(results["identity"], -1.0)
    print(results)


if __name__ == "__main__":
    main()
