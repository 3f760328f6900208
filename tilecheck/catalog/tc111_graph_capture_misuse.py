"""TC111 (graph-capture-misuse) in the catalog: what ``tilecheck explain TC111`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.catalog.calls_and_branches import INVALID as CALLS_INVALID
from tilecheck.catalog.calls_and_branches import VALID as CALLS_VALID
from tilecheck.catalog.fresh3_gaps import INVALID as GAPS_INVALID
from tilecheck.catalog.fresh3_gaps import VALID as GAPS_VALID
from tilecheck.catalog.fresh3_round8 import INVALID as ROUND8_INVALID
from tilecheck.catalog.fresh3_round8 import VALID as ROUND8_VALID
from tilecheck.catalog.fresh4_round9 import INVALID as ROUND9_INVALID
from tilecheck.catalog.fresh4_round9 import VALID as ROUND9_VALID
from tilecheck.catalog.round12_values import INVALID as VALUES12_INVALID
from tilecheck.catalog.round12_values import VALID as VALUES12_VALID
from tilecheck.catalog.round14_items import INVALID as ITEMS14_INVALID
from tilecheck.catalog.round14_items import VALID as ITEMS14_VALID
from tilecheck.catalog.round20c import INVALID as TASKS20C_INVALID
from tilecheck.catalog.round20c import VALID as TASKS20C_VALID
from tilecheck.catalog.round23a import INVALID as DUNDERS23A_INVALID
from tilecheck.catalog.round23a import VALID as DUNDERS23A_VALID
from tilecheck.catalog.round23c import INVALID as ROUND23C_INVALID
from tilecheck.catalog.round25c import INVALID as ROUND25C_INVALID
from tilecheck.catalog.round25c import VALID as ROUND25C_VALID
from tilecheck.catalog.round28c import INVALID as ROUND28C_INVALID
from tilecheck.catalog.round28c import VALID as ROUND28C_VALID
from tilecheck.catalog.round29g import INVALID as ROUND29G_INVALID
from tilecheck.catalog.round29g import VALID as ROUND29G_VALID
from tilecheck.catalog.round29n import INVALID as ROUND29N_INVALID
from tilecheck.catalog.round29n import VALID as ROUND29N_VALID
from tilecheck.catalog.round30l import INVALID as ROUND30L_INVALID
from tilecheck.catalog.round30l import VALID as ROUND30L_VALID
from tilecheck.catalog.round31g import INVALID as ROUND31G_INVALID
from tilecheck.catalog.round31g import VALID as ROUND31G_VALID
from tilecheck.catalog.round31n import INVALID as ROUND31N_INVALID
from tilecheck.catalog.round31n import VALID as ROUND31N_VALID
from tilecheck.catalog.round34b import INVALID as ROUND34B_INVALID
from tilecheck.catalog.round34b import VALID as ROUND34B_VALID
from tilecheck.catalog.round38m import INVALID as ROUND38M_INVALID
from tilecheck.codes import GRAPH_CAPTURE_MISUSE

RULE = Rule(
    code=GRAPH_CAPTURE_MISUSE,
    slug="graph-capture-misuse",
    summary="an allocation, a copy into a tensor, an event or an op run inside `with tr.graph()`",
    explanation="""\
Inside `with tr.graph() as g:` ops are recorded (`g.record(op)`), not run: the graph replays
them on `g.launch()`. While the capture is open tilert refuses what a captured CUDA graph
cannot hold: allocating a tensor (`tr.empty`, `tr.zeros`, `tr.ones`, `tr.full`, `tr.arange`,
`tr.from_numpy`, `tr.from_dlpack` of a foreign array), copying into one (`copy_from`), recording
an event (`stream.record()`), and running an op (`.sync()`, `.sync_on()`, `.submit()`,
`await`), each with `RuntimeError: cannot ... while capturing a graph`.

The finding is reported where the refused call is written, when it is certainly one (a
`tr.graph()` capture around it; an op, tensor or stream known on every path). Building ops
(kernel calls, `.then`, `tr.zip`), reading tensors and waiting on a Pending submitted before
the capture are allowed. A function or lambda defined inside the block, and a generator
expression, run only when called or consumed, perhaps after the capture: not reported. A run
refused here is this finding alone (not also TC110, TC105 or TC108).

Fix: allocate and fill tensors before `with tr.graph()`, record the ops with `g.record(op)`,
and launch (`g.launch().wait()`) and read the results after the block.""",
    scope="host",
    valid=(
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def main() -> None:
    x, y = tr.ones((1024,)), tr.zeros((1024,))
    with tr.graph() as g:
        g.record(copy(y.partition((256,)), x))
        g.record(scale(y.partition((256,)), 2.0))
    g.launch().wait()
    g.close()
    print(y.to_numpy())
""",
            "allocate before the capture, record inside it, launch and read after it",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def main() -> None:
    x, y = tr.ones((1024,)), tr.zeros((1024,))
    with tr.graph() as g:
        both = tr.zip(copy(y.partition((256,)), x), scale(x.partition((256,)), 2.0))
        g.record(both.then(lambda *_: scale(y.partition((256,)), 3.0)))
    g.launch().wait()
    g.close()
""",
            "zips and chains are built inside the capture, and recorded, not run",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    y = tr.zeros((1024,))
    with tr.graph() as g:
        g.record(scale(y.partition((256,)), 2.0))
        make = lambda: tr.zeros((1024,))
        print(y.shape)
    g.close()
    z = make()
    scale(z.partition((256,)), 2.0).sync()
""",
            "a lambda made inside the capture allocates when it is called, after it",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    x = tr.ones((1024,))
    with tr.graph() as g:
        y = tr.from_dlpack(x)  # a tilert tensor: returned as is
        g.record(scale(y.partition((256,)), 2.0))
    g.close()
""",
            "`tr.from_dlpack` of a tilert tensor allocates nothing",
        ),
        *CALLS_VALID["TC111"],
        *GAPS_VALID["TC111"],
        *ROUND8_VALID["TC111"],
        *ROUND9_VALID["TC111"],
        *VALUES12_VALID["TC111"],
        *ITEMS14_VALID["TC111"],
        *TASKS20C_VALID["TC111"],
        *DUNDERS23A_VALID["TC111"],
        *ROUND25C_VALID["TC111"],
        *ROUND28C_VALID["TC111"],
        *ROUND29G_VALID["TC111"],
        *ROUND29N_VALID["TC111"],
        *ROUND30L_VALID["TC111"],
        *ROUND31N_VALID["TC111"],
        *ROUND31G_VALID["TC111"],
        *ROUND34B_VALID["TC111"],
    ),
    invalid=(
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def main() -> None:
    x = tr.ones((1024,))
    with tr.graph() as g:
        y = tr.zeros((1024,))  # TC111
        g.record(copy(y.partition((256,)), x))
    g.close()
""",
            "allocating inside the capture",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    y = tr.zeros((1024,))
    with tr.graph() as g:
        op = scale(y.partition((256,)), 2.0)
        op.sync()  # TC111
    g.close()
""",
            "syncing an op inside the capture instead of recording it",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    y = tr.zeros((1024,))
    with tr.graph() as g:
        scale(y.partition((256,)), 2.0).submit()  # TC111
    g.close()
""",
            "submitting inside the capture (TC111 alone: no Pending comes of it for TC108)",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


async def main() -> None:
    y = tr.zeros((1024,))
    with tr.graph() as g:
        await scale(y.partition((256,)), 2.0)  # TC111
    g.close()
""",
            "awaiting an op inside the capture",
        ),
        invalid(
            """\
import numpy as np

import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    y = tr.zeros((1024,))
    with tr.graph() as g:
        y.copy_from(np.ones(1024, np.float32))  # TC111
        g.record(scale(y.partition((256,)), 2.0))
    g.close()
""",
            "copying into a tensor inside the capture",
        ),
        invalid(
            """\
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def main() -> None:
    y = tr.zeros((1024,))
    with tr.graph() as g:
        data = tr.from_numpy(np.arange(1024, dtype=np.float32))  # TC111
        g.record(copy(y.partition((256,)), data))
    g.close()
""",
            "importing host data inside the capture allocates too",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    y = tr.zeros((1024,))
    with tr.graph() as g:
        g.record(scale(y.partition((256,)), 2.0))
        done = tr.current_stream().record()  # TC111
    g.launch().wait()
    g.close()
""",
            "recording an event inside the capture (record it after the launch)",
        ),
        *CALLS_INVALID["TC111"],
        *GAPS_INVALID["TC111"],
        *ROUND8_INVALID["TC111"],
        *ROUND9_INVALID["TC111"],
        *VALUES12_INVALID["TC111"],
        *ITEMS14_INVALID["TC111"],
        *TASKS20C_INVALID["TC111"],
        *DUNDERS23A_INVALID["TC111"],
        *ROUND23C_INVALID["TC111"],
        *ROUND25C_INVALID["TC111"],
        *ROUND28C_INVALID["TC111"],
        *ROUND29G_INVALID["TC111"],
        *ROUND29N_INVALID["TC111"],
        *ROUND30L_INVALID["TC111"],
        *ROUND31N_INVALID["TC111"],
        *ROUND31G_INVALID["TC111"],
        *ROUND34B_INVALID["TC111"],
        *ROUND38M_INVALID["TC111"],
    ),
)
