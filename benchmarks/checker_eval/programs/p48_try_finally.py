"""Host work between submit and read, with the wait in a finally block."""

import tilert as tr
from llm.kernels import copy


def tokenize(text: str) -> list[int]:
    return [ord(c) for c in text]


def main() -> None:
    src, out = tr.full((256,), 5.0), tr.zeros((256,))
    pend = copy(out.partition((64,)), src).submit()
    try:
        toks = tokenize("hello world")
    finally:
        pend.wait()
    print(len(toks), out.to_numpy()[0])


if __name__ == "__main__":
    main()
