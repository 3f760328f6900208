"""Module-level weights read by submitted ops and, meanwhile, on the host (both reads)."""

import tilert as tr
from llm.kernels import mul

WEIGHTS = tr.full((256,), 0.5)


def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(2)]
    x = tr.ones((256,))
    pends = [mul(o.partition((64,)), x, WEIGHTS).submit() for o in outs]
    print("weight norm", float(WEIGHTS.to_numpy().sum()))
    for p in pends:
        p.wait()
    print([float(o.to_numpy()[0]) for o in outs])


if __name__ == "__main__":
    main()
