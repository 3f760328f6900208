"""A local helper returns the Pending; the caller prints the buffer before waiting."""

import tilert as tr
from llm.kernels import scale


def launch_norm(buf: tr.Tensor, factor: float) -> tr.Pending:
    return scale(buf.partition((128,)), factor).submit()


def main() -> None:
    h = tr.full((1024,), 3.0)
    pend = launch_norm(h, 0.5)
    print(h.to_numpy()[:4])  # expect: TC102
    pend.wait()


if __name__ == "__main__":
    main()
