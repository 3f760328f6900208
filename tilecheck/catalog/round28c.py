"""Examples of `.contiguous()` inside a graph capture (fresh14 p071, fresh15 p066, fresh16 p098:
missed three sets in a row): a tensor already contiguous comes back as it is, a strided view is
copied into a new tensor by a conversion kernel, which a capture refuses. The views known to be
strided by their form: ``x.T``, ``x.transpose(i, j)`` with ``i != j``, ``x.permute(...)`` out of
order, ``x[::k]`` with ``k > 1``. The VALID ones run clean and must stay silent; the INVALID ones
are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_CAPTURE = """
x = tr.ones((32,))
w = tr.ones((4, 8))
out = tr.zeros({size})
{before}
with tr.graph() as g:
    {line}
    g.record(copy(out.partition(({tile},)), dense{view}))
g.launch().wait()
g.close()
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC111": (
        valid(
            _CAPTURE.format(
                size="(32,)", before="", line="dense = x.contiguous()", tile=32, view=""
            ),
            "`.contiguous()` of a contiguous tensor returns it: nothing is allocated",
        ),
        valid(
            _CAPTURE.format(
                size="(16,)",
                before="dense = x[::2].contiguous()",
                line="pass",
                tile=16,
                view="",
            ),
            "the strided view is copied before the capture",
        ),
        valid(
            _CAPTURE.format(
                size="(32,)",
                before="",
                line="dense = w.permute(0, 1).contiguous()",
                tile=32,
                view=".reshape((32,))",
            ),
            "`permute` in the order the tensor has is the tensor itself",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC111": (
        invalid(
            _CAPTURE.format(
                size="(16,)",
                before="",
                line="dense = x[::2].contiguous()  # TC111",
                tile=16,
                view="",
            ),
            "a stepped slice's `.contiguous()` allocates its copy inside the capture",
        ),
        invalid(
            _CAPTURE.format(
                size="(32,)",
                before="",
                line="dense = w.T.contiguous()  # TC111",
                tile=32,
                view=".reshape((32,))",
            ),
            "a transposed weight made contiguous inside the capture",
        ),
        invalid(
            _CAPTURE.format(
                size="(32,)",
                before="",
                line="dense = w.transpose(1, 0).contiguous()  # TC111",
                tile=32,
                view=".reshape((32,))",
            ),
            "`transpose` of two dimensions, made contiguous inside the capture",
        ),
    ),
}
