"""Q, K and V projections' outputs kept in a dict; one op per entry built in a dict
comprehension and run together with tr.zip."""

from __future__ import annotations

from llmkit.kernels import axpy

import tilert as tr


def main() -> None:
    x = tr.ones((512,))
    outs = {name: tr.zeros((512,), name=name) for name in ("q", "k", "v")}
    coeff = {"q": 1.0, "k": 2.0, "v": 3.0}
    ops = {name: axpy(t.partition((128,)), x, coeff[name]) for name, t in outs.items()}
    tr.zip(*ops.values()).sync()
    for name, t in outs.items():
        assert t.to_numpy()[0] == coeff[name]
    print({name: float(t.to_numpy()[0]) for name, t in outs.items()})


if __name__ == "__main__":
    main()
