"""Examples of round 33D of issue 17 (Python's evaluation rules and field conditions): ``[x] * n``
holds n references to ONE object (``tilecheck.flow.unroll`` and ``tilecheck.host.repeated_items``);
a generator expression drawn by a loop's ``zip``/``enumerate`` makes its items one turn at a
time (``tilecheck.host.position_uses``); a ``match`` on a constant dict or literal takes only
the cases whose patterns match it (``tilecheck.host.known_subjects``); a method's test of a field
``__init__`` makes empty and nothing fills is false (``tilecheck.host.empty_fields``); a
lambda's defaults are made where the lambda is (``Expressions._lambda``); lambdas a
comprehension makes read its variable's last value when an item is called
(``tilecheck.host.late_binding``). The VALID
ones run clean and must stay silent; the INVALID ones are real errors (the interpreter raises,
or tilert warns, at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """

def main() -> None:
    x = tr.ones((64,))
    outs = [tr.zeros((64,)) for _ in range(3)]
    pendings = [copy(o.partition((64,)), x).submit() for o in outs]
    readers = [lambda: float(outs[i].to_numpy().sum()) for i in range(3)]
    pendings[2].wait()
    print(readers[0]())
    for p in pendings[:2]:
        p.wait()
""",
            "every lambda reads `outs[2]` (late binding), which was waited",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((64,))
    outs = [tr.zeros((64,)) for _ in range(3)]
    pendings = [copy(o.partition((64,)), x).submit() for o in outs]
    readers = [lambda i=i: float(outs[i].to_numpy().sum()) for i in range(3)]
    pendings[0].wait()
    print(readers[0]())
    for p in pendings[1:]:
        p.wait()
""",
            "`i=i` binds each lambda's own index: `readers[0]` reads the waited output",
        ),
    ),
    "TC104": (
        valid(
            """

def main() -> None:
    w = tr.ones((64,))
    parts = (w.partition((64,)) for _ in range(3))
    for part, a in zip(parts, (0.5, 0.5, 0.5), strict=True):
        scale(part, a).sync()
    print(w.to_numpy())
""",
            "a generator drawn by `zip` in a loop's head: each partition made in its own turn",
        ),
        valid(
            """

def main() -> None:
    w = tr.ones((64,))
    for i, part in enumerate(w.partition((64,)) for _ in range(3)):
        scale(part, float(i)).sync()
    print(w.to_numpy())
""",
            "the same generator expression drawn by `enumerate`",
        ),
        valid(
            """

def main() -> None:
    w = tr.ones((64,))
    thunks = []
    thunks.append(lambda part=w.partition((64,)): scale(part, 0.5).sync())
    for thunk in thunks:
        thunk()
    print(w.to_numpy())
""",
            "the thunks run before the read: the lambda's partition may be consumed by then",
        ),
    ),
    "TC105": (
        valid(
            """

x = tr.ones((64,))
out = tr.zeros((64,))
op = copy(out.partition((64,)), x)
config = {"act": "copy", "n": 2}
match config:
    case {"act": "copy", "n": n}:
        op.sync()
    case _:
        print("no activation")
del op
""",
            "the mapping pattern matches the constant dict (a capture takes any value)",
        ),
        valid(
            """

x = tr.ones((64,))
out = tr.zeros((64,))
op = copy(out.partition((64,)), x)
config = {"act": "none"}
config["act"] = "copy"
match config:
    case {"act": "copy"}:
        op.sync()
    case _:
        print("no activation")
del op
""",
            "the dict is written after its display: not constant, the case may run",
        ),
        valid(
            """

class Decoder:
    def __init__(self, n: int) -> None:
        self.state = tr.zeros((n,))
        self.reset_op = scale(self.state.partition((n,)), 0.0)
        self.history: list[int] = []

    def step(self, token: int) -> None:
        self.history.append(token)

    def reset(self) -> None:
        if self.history:
            self.reset_op.sync()
            self.history.clear()


def serve() -> None:
    dec = Decoder(64)
    dec.step(3)
    dec.reset()
""",
            "a method appends to the field: the test may be true, the op may run",
        ),
        valid(
            """

class Decoder:
    def __init__(self, n: int) -> None:
        self.state = tr.zeros((n,))
        self.reset_op = scale(self.state.partition((n,)), 0.0)
        self.history: list[int] = []

    def reset(self) -> None:
        if self.history:
            self.reset_op.sync()


def serve() -> None:
    dec = Decoder(64)
    dec.history += [3]
    dec.reset()
""",
            "code outside the class adds to the field: not known empty",
        ),
        valid(
            """

def main() -> None:
    w = tr.ones((64,))
    later = {"decay": lambda op=scale(w.partition((64,)), 0.5): op.sync()}
    later["decay"]()
    print(w.to_numpy())
""",
            "an op made in a lambda's default is the lambda's to run when it is called",
        ),
    ),
    "TC109": (
        valid(
            """

def main() -> None:
    w = tr.ones((64,))
    for part in [w.partition((64,)) for _ in range(1)] * 1:
        scale(part, 0.5).sync()
    print(w.to_numpy())
""",
            "a one-item comprehension repeated once: one partition, one launch",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """

def main() -> None:
    x = tr.ones((64,))
    outs = [tr.zeros((64,)) for _ in range(3)]
    pendings = [copy(o.partition((64,)), x).submit() for o in outs]
    readers = [lambda: float(outs[i].to_numpy().sum()) for i in range(3)]  # TC102
    pendings[0].wait()
    print(readers[0]())
    for p in pendings[1:]:
        p.wait()
""",
            "comprehension lambdas read `i` late: `readers[0]()` reads `outs[2]`, in flight",
        ),
    ),
    "TC104": (
        invalid(
            """

def main() -> None:
    w = tr.ones((64,))
    parts = [w.partition((64,)) for _ in range(3)]  # TC104
    for part, a in zip(parts, (0.5, 0.5, 0.5), strict=True):
        scale(part, a).sync()
""",
            "contrast: a list comprehension makes all three partitions of one tensor at once",
        ),
        invalid(
            """

def main() -> None:
    w = tr.ones((64,))
    thunks = []
    thunks.append(lambda part=w.partition((64,)): scale(part, 0.5).sync())
    print(w.to_numpy())  # TC104
    for thunk in thunks:
        thunk()
""",
            "a lambda's default is made where the lambda is: the partition is alive at the read",
        ),
        invalid(
            """

def later(w: Tensor[f32]) -> None:
    run = map(lambda part=w.partition((64,)): part, [1])
    w2 = w.partition((64,))  # TC104
    scale(w2, 0.5).sync()
    print(list(run))
""",
            "a default evaluated when the lambda is made, not when `map` calls it",
        ),
    ),
    "TC105": (
        invalid(
            """

x = tr.ones((64,))
out = tr.zeros((64,))
op = copy(out.partition((64,)), x)  # TC105
config = {"act": "none"}
match config:
    case {"act": "copy"}:
        op.sync()
    case _:
        print("no activation")
del op
""",
            "a `match` on a constant dict: no mapping pattern matches, the op is never run",
        ),
        invalid(
            """

MODE = "eval"


def main() -> None:
    out = tr.zeros((64,))
    op = copy(out.partition((64,)), tr.ones((64,)))  # TC105
    match MODE:
        case "train" | "warmup":
            op.sync()
        case _:
            print("eval")
""",
            "a `match` on a module constant: neither literal of the `|` pattern matches",
        ),
        invalid(
            """

class Decoder:
    def __init__(self, n: int) -> None:
        self.state = tr.zeros((n,))
        self.reset_op = scale(self.state.partition((n,)), 0.0)  # TC105
        self.history: list[int] = []

    def reset(self) -> None:
        if self.history:
            self.reset_op.sync()
            self.history.clear()


def serve() -> None:
    dec = Decoder(64)
    dec.reset()
""",
            "an op of `__init__` run only under `if self.history:`, a field no code fills",
        ),
        invalid(
            """

class Decoder:
    def __init__(self, n: int) -> None:
        self.state = tr.zeros((n,))
        self.reset_op = scale(self.state.partition((n,)), 0.0)  # TC105
        self.seen: dict[int, int] = {}

    def reset(self) -> None:
        if len(self.seen) > 0:
            self.reset_op.sync()


def serve() -> None:
    dec = Decoder(64)
    dec.reset()
""",
            "the same under `len(self.seen) > 0` of an empty dict field",
        ),
    ),
    "TC109": (
        invalid(
            """

def main() -> None:
    w = tr.ones((64,))
    parts = [w.partition((64,))] * 3
    for part in parts:
        scale(part, 0.5).sync()  # TC109
""",
            "`[part] * 3` holds one partition three times: the second turn's is consumed",
        ),
        invalid(
            """

def main() -> None:
    w = tr.ones((64,))
    parts = 12 * [w.partition((64,))]
    for part, a in zip(parts, range(12), strict=True):
        scale(part, float(a)).sync()  # TC109
""",
            "`12 * [part]`: a longer list holds the one partition at every index too",
        ),
        invalid(
            """

def main() -> None:
    w = tr.ones((64,))
    parts = (w.partition((64,)),) * 2
    scale(parts[0], 0.5).sync()
    scale(parts[1], 0.5).sync()  # TC109
""",
            "`(part,) * 2`: both items are the one partition",
        ),
    ),
}
