"""A helper allocates the output and returns it with the op; the output is read first."""

import tilert as tr
from llm.kernels import add


def launch_block(x: tr.Tensor) -> tuple[tr.Tensor, tr.Op]:
    out = tr.zeros(x.shape)
    return out, add(out.partition((64,)), x, x)


def main() -> None:
    x = tr.ones((256,))
    out, op = launch_block(x)
    print(out.to_numpy()[0])  # expect: TC102
    op.sync()


if __name__ == "__main__":
    main()
