"""A differential test of the two backends (issue 16): random kernels generated over the kernel
language's grammar (``grammar.py`` and ``statements.py``: ops, dtypes, tile shapes, loops, ifs,
helpers; each construct's source, numpy reference and error bound in ``ops.py``), written as
real ``@tr.kernel`` modules (``emit.py``), each with inputs and a numpy reference
(``program.py``), run on the interpreter and on cuda.tile and compared elementwise within
first-order error bounds (``runner.py``). Choices come from hypothesis or from a seed
(``choose.py``)."""

from __future__ import annotations

from tests.support.differential.choose import DrawChooser, RandomChooser
from tests.support.differential.program import Program, compare, generate, launch, load_module

__all__ = [
    "DrawChooser",
    "Program",
    "RandomChooser",
    "compare",
    "generate",
    "launch",
    "load_module",
]
