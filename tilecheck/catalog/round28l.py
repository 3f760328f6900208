"""Examples of round 28L of issue 17 (drop rules as wide as the runtime's warning): a graph
launch's Pending kept in a name that the next launch rebinds unwaited while the graph is open
(``tilecheck.host.graph_launches``); an op or Pending that ``__init__`` (or ``__post_init__``)
keeps in an attribute no code of the module reads, or that module code stores there, dropped
with the instance unrun (``tilecheck.host.unread_stores``); and a ``partial`` whose arguments
were bound by unpacking, its call's Pending dropped (``tilecheck.host.partial_calls``). The
VALID ones run clean and must stay silent; the INVALID ones are real errors (the interpreter
warns of the marked op or Pending)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_GRAPH = """
out = tr.zeros((32,))
with tr.graph() as g:
    g.record(scale(out.partition((8,)), 2.0))
{body}
"""

_KEEPER = """

class Warmer:
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,))
        self.{attr} = scale(self.buf.partition((8,)), 2.0){mark}
{more}

{calls}
"""

_PARTIAL = """
import functools


def launch(out: Tensor[f32], a: float) -> tr.Pending:
    return scale(out.partition((8,)), a).submit(){mark}


first, second = tr.zeros((32,)), tr.zeros((32,))
go = functools.partial(launch, a=2.0)
{calls}
"""


_KEPT = """
out = tr.zeros((32,))
pend = scale(out.partition((8,)), 2.0).submit()
{body}
"""


def _graph(body: str) -> str:
    return _GRAPH.format(body=body)


VALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        valid(
            _graph("for i in range(3):\n    done = g.launch()\n    done.wait()\ng.close()"),
            "each replay's Pending waited before the name is bound again",
        ),
        valid(
            _graph(
                "prev = None\nfor i in range(3):\n    cur = g.launch()\n"
                "    if prev is not None:\n        prev.wait()\n    prev = cur\n"
                "if prev is not None:\n    prev.wait()\ng.close()"
            ),
            "replays pipelined one deep, the last waited after the loop",
        ),
        valid(
            _graph("done = g.launch()\ng.close()\ndone = None"),
            "the graph closed (which waits its launches) before the name is rebound",
        ),
        valid(
            _graph(
                "pends = []\nfor i in range(3):\n    pends.append(g.launch())\n"
                "for p in pends:\n    p.wait()\ng.close()"
            ),
            "replays kept in a list and all waited",
        ),
        valid(
            _PARTIAL.format(mark="", calls="go(first).wait()\ngo(second).wait()"),
            "a partial's calls, each Pending waited",
        ),
        valid(
            _KEPT.format(body="pair = (out, pend)\npend.wait()\nprint(out.to_numpy()[0])"),
            "a Pending kept in a tuple no code reads, waited through its own name",
        ),
        valid(
            _KEPT.format(
                body="pair = (out, pend)\n\n\ndef finish() -> None:\n"
                "    pair[1].wait()\n\n\nfinish()"
            ),
            "a Pending kept in a module tuple that a function waits through",
        ),
    ),
    "TC105": (
        valid(
            _KEEPER.format(
                attr="warmup",
                mark="",
                more="\n    def warm(self) -> None:\n        self.warmup.sync()",
                calls="w = Warmer(32)\nw.warm()\nprint(w.buf.to_numpy()[0])",
            ),
            "the op __init__ keeps is run by a method the script calls",
        ),
        valid(
            _KEEPER.format(
                attr="warmup", mark="", more="", calls="w = Warmer(32)\nw.warmup.sync()"
            ),
            "the op __init__ keeps is run through the attribute by module code",
        ),
        valid(
            _KEEPER.format(
                attr="warmup",
                mark="",
                more="",
                calls='w = Warmer(32)\ngetattr(w, "warmup").sync()',
            ),
            "the op __init__ keeps is run through getattr",
        ),
        valid(
            """

class Slot:
    def __init__(self) -> None:
        self.buf = tr.zeros((32,))
        self.op: object = None


s = Slot()
s.op = scale(s.buf.partition((8,)), 2.0)
vars(s)["op"].sync()
print(s.buf.to_numpy()[0])
""",
            "an op stored on an instance's attribute, run through the instance's namespace",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        invalid(
            _graph("for i in range(3):\n    done = g.launch()  # TC108\ndone.wait()\ng.close()"),
            "a replay per turn kept in one name: the earlier turns' Pendings dropped unwaited",
        ),
        invalid(
            _graph("handle = g.launch()  # TC108\nhandle = g.launch()\nhandle.wait()\ng.close()"),
            "two replays into one name: the first dropped unwaited",
        ),
        invalid(
            _graph(
                "n = 0\nwhile n < 3:\n    last = g.launch()  # TC108\n    n += 1\n"
                "last.wait()\ng.close()"
            ),
            "a while loop replaying into one name",
        ),
        invalid(
            _KEPT.format(body="pair = (out, pend)\nprint(out.shape)").replace(
                ".submit()", ".submit()  # TC108"
            ),
            "a Pending kept only in a tuple that no code reads: never waited",
        ),
        invalid(
            """

def step(x: float) -> None:
    out = tr.zeros((32,))
    last = [out, scale(out.partition((8,)), x).submit()]  # TC108
    print(out.shape)


for i in range(2):
    step(2.0)
""",
            "a function keeps its Pending only in a list it never reads",
        ),
        invalid(
            _PARTIAL.format(mark="  # TC108", calls="go(first).wait()\ngo(second)"),
            "a partial bound over names unpacked from a tuple: the second call's Pending dropped",
        ),
    ),
    "TC105": (
        invalid(
            _KEEPER.format(
                attr="warmup",
                mark="  # TC105",
                more="\n    def size(self) -> int:\n        return 32",
                calls="w = Warmer(32)\nprint(w.size())",
            ),
            "an op __init__ keeps where no code reads it: never run",
        ),
        invalid(
            """
from dataclasses import dataclass, field


@dataclass
class Layer:
    width: int
    out: Tensor[f32] = field(init=False)
    reset: object = field(init=False)

    def __post_init__(self) -> None:
        self.out = tr.zeros((self.width,))
        self.reset = scale(self.out.partition((8,)), 0.0)  # TC105


def build() -> None:
    layer = Layer(32)
    print(layer.width)


build()
""",
            "a dataclass's __post_init__ keeps an op no code reads, built in a function",
            typed=False,
        ),
        invalid(
            """

class Slot:
    def __init__(self) -> None:
        self.buf = tr.zeros((32,))
        self.op: object = None


s = Slot()
s.op = scale(s.buf.partition((8,)), 2.0)  # TC105
print("ready")
""",
            "module code stores an op on an instance's attribute no code reads",
        ),
    ),
}
