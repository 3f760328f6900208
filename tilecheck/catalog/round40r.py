"""Examples of round 40R of issue 17 (a ``.then`` callback's launch borrows from the chain's
run, not from its making; a method handing its whole call to another method of ``self``).

``k(y.partition(t), x).then(lambda *_: k2(z.partition(t), y))`` calls its callback when the
chain runs (``sync()``, ``submit()``, ``await``, a graph's capture): until then no op of the
callback exists and ``z`` is free, so a host read of ``z`` before the chain runs is clean (the
runtime raises nothing), while one after its ``submit()`` and before the wait is TC102. The
first op's own partition (``y``'s) is held by the unrun chain from the start. A chain zipped
or chained again hands its callback's borrows on to the op that absorbs it, taken when that op
runs.

A method ``def __call__(self, *args, **kwargs): return self.forward(*args, **kwargs)`` (the
``nn.Module`` idiom, in a base class or the class itself) runs the ``forward`` of the
instance's class with the caller's arguments: ``model(x)`` is summarized as
``model.forward(x)``, so the Pending it returns, or the op it gives back dropped, is followed.

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        valid(
            """

class Module:
    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)


class Double(Module):
    def __init__(self):
        self.out = tr.zeros((32,))

    def forward(self, x):
        return copy(self.out.partition((32,)), x)


def main():
    layer = Double()
    layer(tr.ones((32,))).sync()
    print(layer.out.to_numpy()[0])
""",
            "a module called through its base's forwarding `__call__`, its op synced",
        ),
    ),
    "TC102": (
        valid(
            """
x = tr.ones((32,))
y = tr.zeros((32,))
z = tr.zeros((32,))
chain = copy(y.partition((32,)), x).then(lambda *_: copy(z.partition((32,)), y))
print(z.to_numpy()[0])
chain.sync()
""",
            "a tensor a lambda callback writes, read while the chain is built but not run",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    y = tr.zeros((32,))
    z = tr.zeros((32,))

    def tail(*_: object) -> tr.Op:
        return copy(z.partition((32,)), y)

    chain = copy(y.partition((32,)), x).then(tail)
    before = z.to_numpy().copy()
    pending = chain.submit()
    pending.wait()
    print(before[0], z.to_numpy()[0])
""",
            "a def callback's output read before the chain's submit",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    a = tr.zeros((32,))
    b = tr.zeros((32,))
    c = tr.zeros((32,))
    first = copy(a.partition((32,)), x).then(lambda *_: copy(b.partition((32,)), a))
    both = tr.zip(first, copy(c.partition((32,)), x))
    print(b.to_numpy()[0])
    both.sync()
""",
            "a chain zipped with another op, not run yet: its callback's output is free",
        ),
        valid(
            """
x = tr.ones((32,))
y = tr.zeros((32,))
z = tr.zeros((32,))
chain = copy(y.partition((32,)), x).then(lambda *_: copy(z.partition((32,)), y))
with tr.graph() as g:
    g.record(chain)
print(z.to_numpy()[0])
g.close()
""",
            "a chain recorded into a graph never launched: its callback never ran",
        ),
        valid(
            """

class Head:
    def __init__(self):
        self.logits = tr.zeros((32,))

    def __call__(self, *args):
        return self.run(*args)

    def run(self, h):
        return copy(self.logits.partition((32,)), h).submit()


head = Head()
pending = head(tr.ones((32,)))
pending.wait()
print(head.logits.to_numpy()[0])
""",
            "a `__call__` forwarding `*args` to a method returning a Pending, waited first",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        invalid(
            """

class Module:
    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)


class Double(Module):
    def __init__(self):
        self.out = tr.zeros((32,))

    def forward(self, x):
        return copy(self.out.partition((32,)), x)  # TC105


def main():
    layer = Double()
    layer(tr.ones((32,)))
""",
            "a module called through its base's forwarding `__call__`, its op dropped",
            typed=False,
        ),
    ),
    "TC102": (
        invalid(
            """

class Head:
    def __init__(self):
        self.logits = tr.zeros((32,))

    def __call__(self, *args):
        \"\"\"Run the head.\"\"\"
        return self.run(*args)

    def run(self, h):
        return copy(self.logits.partition((32,)), h).submit()


head = Head()
pending = head(tr.ones((32,)))
print(head.logits.to_numpy()[0])  # TC102
pending.wait()
""",
            "a `__call__` forwarding `*args` to a method returning a Pending: read before the wait",
            typed=False,
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    a = tr.zeros((32,))
    b = tr.zeros((32,))
    c = tr.zeros((32,))
    first = copy(a.partition((32,)), x).then(lambda *_: copy(b.partition((32,)), a))
    pending = tr.zip(first, copy(c.partition((32,)), x)).submit()
    print(b.to_numpy()[0])  # TC102
    pending.wait()
""",
            "a zipped chain submitted: its callback's output is written until the wait",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    y = tr.zeros((32,))
    z = tr.zeros((32,))
    chain = copy(y.partition((32,)), x).then(lambda *_: copy(z.partition((32,)), y))
    print(y.to_numpy()[0])  # TC102
    chain.sync()
""",
            "the first op's output, held by the unrun chain from its making",
        ),
        invalid(
            """
x = tr.ones((32,))
y = tr.zeros((32,))
z = tr.zeros((32,))
with tr.graph() as g:
    g.record(copy(y.partition((32,)), x).then(lambda *_: copy(z.partition((32,)), y)))
g.launch().wait()
print(z.to_numpy()[0])  # TC102
g.close()
""",
            "a chain recorded into a graph, launched: the graph holds the callback's borrows",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    y = tr.zeros((32,))
    z = tr.zeros((32,))
    w = tr.zeros((32,))
    first = copy(y.partition((32,)), x).then(lambda *_: copy(z.partition((32,)), y))
    second = first.then(lambda *_: copy(w.partition((32,)), z))
    pending = second.submit()
    print(z.to_numpy()[0])  # TC102
    pending.wait()
""",
            "a chain chained again: the first callback's borrows go on to the second chain's run",
        ),
    ),
}
