"""A subclass of a base class of another module of the package, with its own __init__ calling
super().__init__() and a step() that runs the base's through super(): read after drain()."""

from __future__ import annotations

from tilelib import engines


class Spy(engines.Engine):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[float] = []

    def step(self) -> None:
        super().step()
        self.drain()

    def peek(self) -> None:
        self.seen.append(float(self.out.to_numpy()[0]))


def main() -> None:
    e = Spy()
    e.step()
    e.peek()
    e.step()
    e.peek()
    other = Spy()
    other.step()
    other.drain()
    print(e.seen, other.out.to_numpy()[0])


if __name__ == "__main__":
    main()
