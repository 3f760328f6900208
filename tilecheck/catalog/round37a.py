"""Examples of round 37A of issue 17: objects made in a loop, turn after turn. A loop over a
view of a list (``xs[1:]``, ``reversed(xs)``, ``enumerate(xs[1:])``) of a length the source
shows is taken slot by slot as a loop over the list is (``tilecheck.flow.unroll``); a ping-pong
loop whose op also reads the loop's item keeps knowing which buffer the op in flight writes
whatever view of the list the loop walks (a parameter's slice, ``reversed``, ``islice``,
``zip(xs, xs[1:])``: round 37M's covers by object); and the graph of ``with tr.graph() as g:``
in a loop taken slot by slot is each slot's own graph, what a slot records being captured into
it (``tilecheck.host.site_keys``). The VALID ones run clean and must stay silent; the INVALID ones
are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid


def _ping_pong(walk: str, wait: str = "pend_a.wait()", mark: str = "") -> str:
    return f"""

def run(batches: list[tr.Tensor]) -> float:
    buf_a, buf_b = tr.zeros((64,)), tr.zeros((64,))
    pend_a = copy(buf_a.partition((16,)), batches[0]).submit()
    for batch in {walk}:
        pend_b = copy(buf_b.partition((16,)), batch).submit()
        {wait}
        total = float(buf_a.to_numpy()[0]){mark}
        buf_a, buf_b = buf_b, buf_a
        pend_a = pend_b
    pend_a.wait()
    return total + float(buf_a.to_numpy()[0])


def main() -> None:
    print(run([tr.full((64,), float(i)) for i in range(4)]))
"""


def _buckets(sizes: str, read: str = "", launch: str = "g.launch().wait()") -> str:
    return f"""

def main() -> None:
    for size in {sizes}:
        hidden = tr.full((size,), 0.5)
        tmp = tr.empty((size,))
        act = tr.empty((size,))
        with tr.graph() as g:
            g.record(copy(tmp.partition((16,)), hidden))
            g.record(copy(act.partition((16,)), tmp))
            g.record(scale(act.partition((16,)), 2.0))
        {launch}{read}
        g.close()
        print(float(act.to_numpy()[0]))
"""


_PIPE = """

class Pipe:
    def __init__(self) -> None:
        self.front = tr.zeros((64,))
        self.back = tr.zeros((64,))

    def run(self, batches: list[tr.Tensor]) -> None:
        pend = copy(self.front.partition((16,)), batches[0]).submit()
        for prev, batch in zip(batches, batches[1:]):
            nxt = copy(self.back.partition((16,)), batch).submit()
            WAIT
            print(float(self.front.to_numpy()[0]), float(prev.to_numpy()[0]))MARK
            self.front, self.back = self.back, self.front
            pend = nxt
        pend.wait()


def main() -> None:
    Pipe().run([tr.full((64,), float(i)) for i in range(4)])
"""


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _ping_pong("batches[1:]"),
            "ping-pong buffers swapped in a loop over a slice of a parameter: the op in flight"
            " writes the other buffer, though it reads the item the next turn rebinds",
        ),
        valid(
            _ping_pong("reversed(batches)"),
            "the same ping-pong loop over the list reversed",
        ),
        valid(
            _ping_pong("batches").replace(
                "    print(run([tr.full((64,), float(i)) for i in range(4)]))",
                "    batches = [tr.full((64,), float(i)) for i in range(4)]\n"
                "    print(run(batches[1:]))",
            ),
            "the same ping-pong loop over the whole list, given a slice",
        ),
        valid(
            """

def main() -> None:
    batches = [tr.full((64,), float(i)) for i in range(4)]
    front, back = tr.zeros((64,)), tr.zeros((64,))
    pend = copy(front.partition((16,)), batches[0]).submit()
    for i, batch in enumerate(batches[1:]):
        nxt = copy(back.partition((16,)), batch).submit()
        pend.wait()
        print(i, float(front.to_numpy()[0]))
        front, back = back, front
        pend = nxt
    pend.wait()
    print(float(front.to_numpy()[0]))
""",
            "ping-pong over enumerate of a slice of a list of known length, taken slot by slot",
        ),
        valid(
            _ping_pong("itertools.islice(batches, 1, None)").replace(
                "\n\ndef run(", "\nimport itertools\n\n\ndef run(", 1
            ),
            "the same ping-pong loop over `itertools.islice` of the list",
        ),
        valid(
            _PIPE.replace("WAIT", "pend.wait()").replace("MARK", ""),
            "ping-pong buffers as two attributes swapped by a method's loop over a slice",
        ),
        valid(
            _buckets("(64, 128)"),
            "a graph captured with `with tr.graph() as g:` in each turn of a loop over a"
            " display: each turn's recorded ops feed each other inside that turn's capture",
        ),
        valid(
            _buckets("[32, 64, 128][1:]"),
            "the same captures over a slice of a display",
        ),
        valid(
            """

def main() -> None:
    weights = [tr.full((32,), float(i + 1)) for i in range(3)]
    outs = [tr.zeros((32,)) for _ in range(3)]
    with tr.graph() as g:
        for w, out in zip(weights, outs, strict=True):
            g.record(copy(out.partition((16,)), w))
    g.launch().wait()
    g.close()
    print([float(o.to_numpy()[0]) for o in outs])
""",
            "one graph made before a loop taken slot by slot: each slot records into it",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _ping_pong("batches[1:]", "pass", "  # TC102"),
            "the ping-pong loop over a slice without the wait: the buffer read is in flight",
            typed=False,
        ),
        invalid(
            _ping_pong("reversed(batches)", "pass", "  # TC102"),
            "the ping-pong loop over the reversed list without the wait",
            typed=False,
        ),
        invalid(
            _PIPE.replace("WAIT", "pass").replace("MARK", "  # TC102"),
            "the attributes' ping-pong loop without the wait",
            typed=False,
        ),
        invalid(
            _buckets("(64, 128)", "\n        print(float(act.to_numpy()[0]))  # TC102"),
            "a turn's graph still open when its output is read",
        ),
        invalid(
            _buckets(
                "[32, 64, 128][1:]",
                "\n        print(float(act.to_numpy()[0]))  # TC102",
                "pend = g.launch()",
            ).replace("        g.close()\n", "        pend.wait()\n        g.close()\n"),
            "a turn's graph launched and not waited, its output read",
        ),
    ),
}
