"""A file that never names tilert but imports the user's own wrapper package (a module of the
checked tree that uses tilert, directly or through another wrapper) is checked, on the command
line, for one file given alone (as the pre-commit hook runs), for standard input and in the
editor's server; a file importing only unrelated packages is still skipped unparsed."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tilecheck.config import Config
from tilecheck.engine import check_paths, check_source, concerns_tilert, needles
from tilecheck.import_scan import imported_modules
from tilecheck.project import Project

KERNELS = """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    z.store(tl.load_tile_like(x, z) * a)
"""

HELPERS = """\
import numpy as np

import tilert as tr
from tilert import Tensor, f32


def vec(n: int, v: float = 0.0) -> Tensor[f32]:
    return tr.from_numpy(np.full(n, v, dtype=np.float32))


def tiles(t: Tensor[f32]) -> tr.Partition:
    return t.partition((8,))
"""

# A wrapper of the wrapper: names no tilert itself.
FACADE = """\
from gpukit.helpers import tiles, vec
from gpukit.ops import scale

__all__ = ["scale", "tiles", "vec"]
"""

UNRELATED = """\
def vec(n: int) -> list[float]:
    return [0.0] * n
"""

# (header, body) pairs: every import form reaching the wrapper.
HEADERS = {
    "from_names": "from gpukit.helpers import tiles, vec\nfrom gpukit.ops import scale\n",
    "package_reexport": "from gpukit import scale, tiles, vec\n",
    "facade": "from facade import scale, tiles, vec\n",
    "parenthesized": (
        "from gpukit.helpers import (\n    tiles,\n    vec,\n)\nfrom gpukit.ops import scale\n"
    ),
    "star": "from gpukit.helpers import *\nfrom gpukit.ops import *\n",
}

INVALID_BODY = """
x = vec(32, 1.0)
out = vec(32)
pend = scale(tiles(out), x, 2.0).submit()
print(out.to_numpy().sum())  # TC102
pend.wait()
"""

VALID_BODY = """
x = vec(32, 1.0)
out = vec(32)
pend = scale(tiles(out), x, 2.0).submit()
pend.wait()
print(out.to_numpy().sum())
"""


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    write(
        tmp_path,
        {
            "gpukit/__init__.py": "from .helpers import tiles, vec\nfrom .ops import scale\n",
            "gpukit/ops.py": KERNELS,
            "gpukit/helpers.py": HELPERS,
            "facade.py": FACADE,
            "plainlib/__init__.py": UNRELATED,
        },
    )
    return tmp_path


def marked(text: str) -> list[tuple[str, int]]:
    lines = text.splitlines()
    return [(t.rpartition("# ")[2], i) for i, t in enumerate(lines, 1) if "# TC" in t]


@pytest.mark.parametrize("form", sorted(HEADERS))
def test_a_program_importing_only_the_wrapper_is_checked(tree: Path, form: str) -> None:
    bad = HEADERS[form] + INVALID_BODY
    write(tree, {"bad.py": bad, "good.py": HEADERS[form] + VALID_BODY})
    report = check_paths([tree], Config(), jobs=1)
    assert report.parsed == 6  # gpukit's three files, facade.py, bad.py, good.py: not plainlib
    found = [(d.code, d.span.line) for d in report.diagnostics]
    if form != "star":  # parsed, but a star import's names are not resolved to kernels
        assert found == [(code, line) for code, line in marked(bad)]
    assert "tilert" not in bad


def test_one_file_alone_finds_its_package_beside_it(tree: Path) -> None:
    """The pre-commit hook gives the changed files only: the wrapper is still found."""
    write(tree, {"bad.py": HEADERS["from_names"] + INVALID_BODY})
    report = check_paths([tree / "bad.py"], Config(), jobs=1)
    assert [d.code for d in report.diagnostics] == ["TC102"]
    assert report.parsed == 1


def test_source_text_with_the_editor_project(tree: Path) -> None:
    """The editor's server checks a buffer with its workspace folder's project."""
    source = HEADERS["facade"] + INVALID_BODY
    project = Project([tree])
    found = check_source(source, str(tree / "open.py"), Config(), project)
    assert [d.code for d in found] == ["TC102"]
    assert check_source(source, str(tree / "open.py"), Config(), None) == []


def test_unrelated_imports_are_skipped(tree: Path) -> None:
    write(
        tree,
        {
            "other.py": "import json\nfrom plainlib import vec\nprint(json.dumps(vec(3)))\n",
            "stdlib.py": "import os.path as p, sys\nprint(p.sep, sys.argv)\n",
        },
    )
    project = Project([tree])
    words = needles(Config())
    for name in ("other.py", "stdlib.py"):
        assert not concerns_tilert((tree / name).read_bytes(), str(tree / name), words, project)
    assert concerns_tilert(b"from facade import vec\n", str(tree / "x.py"), words, project)
    assert concerns_tilert(b"from . import ops\n", str(tree / "gpukit/x.py"), words, project)
    assert not concerns_tilert(b"from . import vec\n", str(tree / "plainlib/x.py"), words, project)


def test_import_cycles_end(tree: Path) -> None:
    write(tree, {"ring/a.py": "from ring import b\n", "ring/b.py": "from ring import a\n"})
    (tree / "ring/__init__.py").write_text("")
    project = Project([tree])
    assert not project.imports_tilert_user(b"import ring.a\n", tree / "main.py")
    (tree / "ring/c.py").write_text("import tilert\n")
    (tree / "ring/b.py").write_text("from ring import a, c\n")
    assert Project([tree]).imports_tilert_user(b"import ring.a\n", tree / "main.py")


@pytest.mark.parametrize(
    ("text", "modules"),
    [
        (b"import a.b as c, d\n", ["a", "a.b", "d"]),
        (b"from p import x, y as z  # note\n", ["p", "p.x", "p.y"]),
        (b"from .m import (\n    x,\n    y,\n)\n", [".m", ".m.x", ".m.y"]),
        (b"from . import m\n", [".", ".m"]),
        (b"from ..pkg.sub import *\n", ["..pkg.sub"]),
        (b"    try:\n        import q\n", ["q"]),
        (b"important = 1\nfrom_here = 2\n", []),
        (b"\"\"\"Doc.\n\nimport a\n\"\"\"\nimport b\nP = '''\nimport c\n'''\n", ["b"]),
    ],
)
def test_imported_modules(text: bytes, modules: list[str]) -> None:
    assert imported_modules(text) == modules
