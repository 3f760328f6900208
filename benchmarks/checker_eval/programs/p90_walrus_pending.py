"""A walrus keeps the Pending of a conditional launch, waited in the same condition."""

import tilert as tr
from llm.kernels import scale


def maybe_scale(buf: tr.Tensor, factor: float) -> tr.Pending | None:
    if factor == 1.0:
        return None
    return scale(buf.partition((64,)), factor).submit()


def main() -> None:
    buf = tr.ones((256,))
    for factor in (1.0, 2.0, 3.0):
        if (p := maybe_scale(buf, factor)) is not None:
            p.wait()
        print(factor, buf.to_numpy()[0])


if __name__ == "__main__":
    main()
