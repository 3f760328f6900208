"""Helpers from the package submit and return Pendings; all are waited before any read."""

import tilert as tr
from llm.blocks import submit_scale


def main() -> None:
    acts = [tr.ones((256,)) for _ in range(4)]
    pendings = [submit_scale(a, 2.0) for a in acts]
    for p in pendings:
        p.wait()
    total = sum(float(a.to_numpy().sum()) for a in acts)
    assert total == 4 * 256 * 2.0
    print("total", total)


if __name__ == "__main__":
    main()
