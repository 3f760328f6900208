"""Kernels reached through a module alias; the output is printed before the wait."""

import llm.kernels as K
import tilert as tr


def main() -> None:
    logits = tr.full((512,), 4.0)
    temperature = 0.7
    pend = K.scale(logits.partition((128,)), 1.0 / temperature).submit()
    print("top", logits.to_numpy().max())  # expect: TC102
    pend.wait()


if __name__ == "__main__":
    main()
