"""A match statement picks the kernel; the submitted Pending is never waited."""

import sys

import tilert as tr
from llm.kernels import fill, scale


def apply(buf: tr.Tensor, mode: str) -> tr.Tensor:
    match mode:
        case "double":
            op = scale(buf.partition((64,)), 2.0)
        case _:
            op = fill(buf.partition((64,)), 0.0)
    op.submit()  # expect: TC108
    return buf


def main() -> None:
    out = apply(tr.ones((256,)), sys.argv[1] if len(sys.argv) > 1 else "double")
    print(out.shape)


if __name__ == "__main__":
    main()
