"""Software pipelining that never waits for the last step."""

import tilert as tr
from llm.kernels import scale


def run(chunks: list[tr.Tensor]) -> None:
    prev = None
    for chunk in chunks:
        pend = scale(chunk.partition((64,)), 0.5).submit()  # expect: TC108
        if prev is not None:
            prev.wait()
        prev = pend


def main() -> None:
    chunks = [tr.ones((256,)) for _ in range(3)]
    run(chunks)
    print("submitted", len(chunks))


if __name__ == "__main__":
    main()
