"""Two independent updates on their own streams, both waited before the reads."""

import tilert as tr
from llm.kernels import fill, scale


def main() -> None:
    a, b = tr.ones((256,)), tr.ones((256,))
    s1, s2 = tr.Stream(), tr.Stream()
    with s1:
        pa = scale(a.partition((64,)), 3.0).submit()
    with s2:
        pb = fill(b.partition((64,)), 7.0).submit()
    pa.wait()
    pb.wait()
    print(a.to_numpy()[0], b.to_numpy()[0])


if __name__ == "__main__":
    main()
