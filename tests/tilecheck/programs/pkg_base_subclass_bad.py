"""A subclass of a base class of another module of the package: the base's step() keeps a
Pending writing self.out, the subclass's own method reads self.out before drain()."""

from __future__ import annotations

from tilelib.engines import Engine


class Spy(Engine):
    def peek(self) -> float:
        return float(self.out.to_numpy()[0])  # expect: TC102


def main() -> None:
    e = Spy()
    e.step()
    print(e.peek())
    e.drain()


if __name__ == "__main__":
    main()
