"""All heads' outputs cleared and scaled with one zipped op built from a comprehension."""

from __future__ import annotations

from llmkit.kernels import fill

import tilert as tr


def main() -> None:
    heads = [tr.empty((128,), name=f"head{i}") for i in range(8)]
    tr.zip(*[fill(h.partition((64,)), float(i)) for i, h in enumerate(heads)]).sync()
    values = [float(h.to_numpy()[-1]) for h in heads]
    assert values == [float(i) for i in range(8)]
    print("heads:", values)


if __name__ == "__main__":
    main()
