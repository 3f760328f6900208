"""A warm-up sync written inside the capture block."""

import tilert as tr
from llm.kernels import fill, scale


def main() -> None:
    buf = tr.zeros((512,))
    with tr.graph() as g:
        fill(buf.partition((128,)), 1.0).sync()  # expect: TC111
        g.record(scale(buf.partition((128,)), 3.0))
    g.launch().wait()
    g.close()
    print(buf.to_numpy()[0])


if __name__ == "__main__":
    main()
