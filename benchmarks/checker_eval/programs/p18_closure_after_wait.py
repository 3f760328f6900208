"""A closure reads the output; it is called only after the wait."""

import tilert as tr
from llm.kernels import fill


def make_reporter(t: tr.Tensor):
    def report() -> float:
        return float(t.to_numpy().sum())

    return report


def main() -> None:
    out = tr.zeros((256,))
    report = make_reporter(out)
    p = fill(out.partition((64,)), 1.0).submit()
    p.wait()
    print("sum", report())


if __name__ == "__main__":
    main()
