"""Dependent submits: the copy reads `y` while the scale that writes it is still pending."""

import tilert as tr
from llm.kernels import copy, scale


def main() -> None:
    y = tr.ones((256,))
    z = tr.zeros((256,))
    pa = scale(y.partition((64,)), 2.0).submit()
    pb = copy(z.partition((64,)), y).submit()
    pa.wait()
    pb.wait()
    print(z.to_numpy()[0])


if __name__ == "__main__":
    main()
