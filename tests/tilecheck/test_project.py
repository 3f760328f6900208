"""Kernels imported from other modules of the checked tree: found, parsed once, and used by the
host rules exactly as kernels defined in the module itself."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import libcst as cst
import pytest

from tilecheck.module_check import check_module
from tilecheck.project import Project

KERNELS = """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.function
def helper(t: tl.Tile[f32]) -> tl.Tile[f32]:
    return t


def not_a_kernel(z):
    return z


cuda_add = tr.cuda_kernel(
    "...", "add", params=[Mutable[Tensor[f32]], Shared[Tensor[f32]], Shared[Tensor[f32]]], block=64
)
"""

MISUSE = """\
def main() -> None:
    x = tr.ones((256,))
    z = tr.zeros((256,))
    {call}(z.partition((64,)), z, x).sync()  # alias
    {call}(z, x, x).sync()  # kind
"""


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def check_file(path: Path, project: Project) -> list[tuple[str, int]]:
    module = cst.parse_module(path.read_text())
    diagnostics = check_module(module, path=str(path), project=project)
    return [(d.code, d.span.line) for d in diagnostics]


def expected(path: Path) -> list[tuple[str, int]]:
    lines = path.read_text().splitlines()
    alias = next(i for i, t in enumerate(lines, 1) if t.endswith("# alias"))
    kind = next(i for i, t in enumerate(lines, 1) if t.endswith("# kind"))
    return [("TC101", alias), ("TC106", kind)]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    write(
        tmp_path,
        {
            "pkg/__init__.py": "from .kernels import add as exported_add\n",
            "pkg/kernels.py": KERNELS,
        },
    )
    return tmp_path


@pytest.mark.parametrize(
    ("imports", "call"),
    [
        ("from .kernels import add", "add"),
        ("from pkg.kernels import add", "add"),
        ("from pkg.kernels import add as plus", "plus"),
        ("import pkg.kernels as k", "k.add"),
        ("import pkg.kernels", "pkg.kernels.add"),
        ("from . import kernels", "kernels.add"),
        ("from pkg import exported_add", "exported_add"),
        ("from pkg.kernels import cuda_add", "cuda_add"),
    ],
)
def test_imported_kernels_are_checked_like_local_ones(tree: Path, imports: str, call: str) -> None:
    main = tree / "pkg" / "main.py"
    main.write_text(f"import tilert as tr\n{imports}\n\n\n" + MISUSE.format(call=call))
    assert check_file(main, Project([tree])) == expected(main)


def test_the_package_root_is_found_from_a_checked_subdirectory(tree: Path) -> None:
    main = tree / "pkg" / "main.py"
    main.write_text(
        "import tilert as tr\nfrom pkg.kernels import add\n\n\n" + MISUSE.format(call="add")
    )
    assert check_file(main, Project([tree / "pkg"])) == expected(main)
    assert check_file(main, Project([main])) == expected(main)


def test_without_a_project_imported_kernels_are_unknown(tree: Path) -> None:
    main = tree / "pkg" / "main.py"
    main.write_text(
        "import tilert as tr\nfrom .kernels import add\n\n\n" + MISUSE.format(call="add")
    )
    module = cst.parse_module(main.read_text())
    assert check_module(module, path=str(main), project=None) == []


def test_names_that_are_not_kernels_are_not_guessed(tree: Path) -> None:
    project = Project([tree])
    main = str(tree / "pkg" / "main.py")
    assert project.kernel("pkg.kernels.add", main) is not None
    assert project.kernel("pkg.kernels.helper", main) is None  # @tr.function: not launchable
    assert project.kernel("pkg.kernels.not_a_kernel", main) is None
    assert project.kernel("pkg.kernels.missing", main) is None
    assert project.kernel("pkg.elsewhere.add", main) is None
    assert project.kernel("outside.add", main) is None
    assert project.kernel(".kernels.add", main) is not None
    assert set(project.kernels_in(tree / "pkg" / "kernels.py")) == {"add", "cuda_add"}


def test_signature_comes_from_the_kernel_definition(tree: Path) -> None:
    kernel = Project([tree]).kernel("pkg.kernels.add", str(tree / "pkg" / "main.py"))
    assert kernel is not None
    assert kernel.name == "add"
    assert [(p.name, p.kind.value) for p in kernel.signature.params] == [
        ("z", "mutable"),
        ("x", "shared"),
        ("y", "shared"),
    ]
    assert kernel.positional == ("z", "x", "y")


def test_each_file_is_parsed_once_until_it_changes(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = Project([tree])
    parsed: list[str] = []
    real_parse = cst.parse_module

    def counting(source: str | bytes) -> cst.Module:
        parsed.append("x")
        return real_parse(source)

    monkeypatch.setattr(cst, "parse_module", counting)
    main = str(tree / "pkg" / "main.py")
    for _ in range(3):
        assert project.kernel("pkg.kernels.add", main) is not None
    assert len(parsed) == 1

    kernels = tree / "pkg" / "kernels.py"
    kernels.write_text(KERNELS.replace("def add(", "def add2("))
    stat = kernels.stat()
    os.utime(kernels, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10_000_000))
    assert project.kernel("pkg.kernels.add", main) is None
    assert project.kernel("pkg.kernels.add2", main) is not None
    assert len(parsed) == 2


def test_a_file_that_does_not_parse_has_no_kernels(tree: Path) -> None:
    write(tree, {"pkg/broken.py": "def (:\n"})
    assert Project([tree]).kernel("pkg.broken.add", str(tree / "pkg" / "main.py")) is None


def test_module_paths(tree: Path) -> None:
    write(tree, {"top.py": "x = 1\n", "pkg/sub/__init__.py": "", "pkg/sub/deep.py": ""})
    project = Project([tree])
    importer = tree / "pkg" / "sub" / "deep.py"
    assert project.module_path("pkg.kernels") == tree / "pkg" / "kernels.py"
    assert project.module_path("pkg") == tree / "pkg" / "__init__.py"
    assert project.module_path("top") == tree / "top.py"
    assert project.module_path("..kernels", importer) == tree / "pkg" / "kernels.py"
    assert project.module_path(".", importer) == tree / "pkg" / "sub" / "__init__.py"
    assert project.module_path("nowhere") is None
    assert project.module_path(".kernels") is None  # relative, with no importer


LAYERS = """\
import tilert as tr

from pkg.kernels import add


class Linear:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,))

    def forward(self, x: tr.Tensor) -> tr.Pending:
        return add(self.out.partition((64,)), x, x).submit()


class Scaled(Linear):
    pass
"""


@pytest.mark.parametrize("name", ["Linear", "Scaled"])
def test_classes_imported_from_the_tree_are_followed(tree: Path, name: str) -> None:
    (tree / "pkg" / "layers.py").write_text(LAYERS)
    main = tree / "pkg" / "main.py"
    main.write_text(
        textwrap.dedent(f"""\
            import tilert as tr
            from pkg.layers import {name} as Layer


            def main() -> None:
                layers = [Layer(256) for _ in range(2)]
                x = tr.ones((256,))
                pends = [layer.forward(x) for layer in layers]
                print(layers[1].out.to_numpy())  # in flight
                for p in pends:
                    p.wait()
                print(layers[0].out.to_numpy())
        """)
    )
    in_flight = next(i for i, t in enumerate(main.read_text().splitlines(), 1) if "flight" in t)
    assert check_file(main, Project([tree])) == [("TC102", in_flight)]


STAGES = """\
import tilert as tr


class Stage:
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,))
        self.inflight = None

    def drain(self) -> None:
        if self.inflight is not None:
            self.inflight.wait()
            self.inflight = None
"""

DOUBLER = """\
import tilert as tr
from pkg.kernels import add
{imports}


class Doubler({base}):
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,))
        self.inflight = None

    def launch(self, x: tr.Tensor) -> None:
        self.inflight = add(self.buf.partition((64,)), x, x).submit()  # submit


def main() -> None:
    d = Doubler(256)
    d.launch(tr.ones((256,)))
    {finish}
"""


@pytest.mark.parametrize(
    ("imports", "base", "finish", "found"),
    [
        ("from pkg.stages import Stage", "Stage", "d.drain()", False),  # drain() waits it
        ("import pkg.stages", "pkg.stages.Stage", "d.drain()", False),
        ("from abc import ABC", "ABC", "print(d.buf)", True),  # reads no attribute
        ("", "object", "print(d.buf)", True),
    ],
)
def test_a_pending_kept_for_a_base_of_another_module(
    tree: Path, imports: str, base: str, finish: str, found: bool
) -> None:
    """A Pending a method keeps in an attribute no code of the module reads is never waited,
    unless the class derives from a class of another module, whose code may read it (round
    18A of issue 17: a worker's base class waits it in `finish()`)."""
    (tree / "pkg" / "stages.py").write_text(STAGES)
    main = tree / "pkg" / "main.py"
    main.write_text(DOUBLER.format(imports=imports, base=base, finish=finish))
    submit = next(i for i, t in enumerate(main.read_text().splitlines(), 1) if "# submit" in t)
    assert check_file(main, Project([tree])) == ([("TC108", submit)] if found else [])


PLANS = """\
def tiles(t):
    if len(t.shape) == 1:
        return t.partition((64,))
    return t.partition((1, t.shape[1]))


def upload(t):
    return t
"""


@pytest.mark.parametrize(
    ("imports", "maker", "replan"),
    [
        ("from pkg.plans import tiles", "tiles", False),
        ("from pkg import plans", "plans.tiles", False),
        ("from pkg.plans import tiles", "tiles", True),
        ("from pkg.plans import upload", "upload", False),
    ],
)
def test_a_partition_an_imported_helper_makes_is_kept_by_the_class(
    tree: Path, imports: str, maker: str, replan: bool
) -> None:
    """Round 27G: ``self.plan = tiles(self.out)`` in ``__init__`` with ``tiles`` a helper of
    another module that returns a partition on every way out: each call of a method
    launching with ``self.plan`` consumes it (the second raises); planned again after each
    launch, or a helper that returns no partition, nothing is reported."""
    (tree / "pkg" / "plans.py").write_text(PLANS)
    main = tree / "pkg" / "main.py"
    again = f"\n        self.plan = {maker}(self.out)" if replan else ""
    main.write_text(
        textwrap.dedent("""\
            import tilert as tr
            {imports}
            from pkg.kernels import add


            class Acc:
                def __init__(self, n: int) -> None:
                    self.out = tr.zeros((n,))
                    self.plan = {maker}(self.out)

                def step(self, x: tr.Tensor) -> None:
                    add(self.plan, x, x).sync()  # consumed{again}


            def main() -> None:
                acc = Acc(256)
                x = tr.ones((256,))
                acc.step(x)
                acc.step(x)
        """).format(imports=imports, maker=maker, again=again)
    )
    consumed = next(i for i, t in enumerate(main.read_text().splitlines(), 1) if "consumed" in t)
    found = check_file(main, Project([tree]))
    makes = maker.endswith("tiles") and not replan
    assert found == ([("TC109", consumed)] if makes else [])


UPLOADS = """\
import numpy as np

import tilert as tr


def upload(values):
    return tr.from_numpy(np.asarray(values, dtype=np.float32))


def passed(t):
    return t
"""


@pytest.mark.parametrize(("maker", "found"), [("H.upload", True), ("H.passed", False)])
def test_a_tensor_an_imported_helper_makes_is_a_field_of_the_instance(
    tree: Path, maker: str, found: bool
) -> None:
    """Round 33B: ``self.data = H.upload(values)`` in ``__init__``, ``H`` another module of the
    tree whose ``upload`` returns a new tensor on every way out, is a field holding a tensor as
    ``tr.zeros(...)`` there is: ``w *= a`` (its ``__imul__``, ``return self``) partitions it
    while a launch in flight reads it. A helper that returns what it is given makes nothing."""
    (tree / "pkg" / "uploads.py").write_text(UPLOADS)
    main = tree / "pkg" / "main.py"
    main.write_text(
        textwrap.dedent("""\
            import numpy as np

            import tilert as tr
            from pkg import uploads as H
            from pkg.kernels import add


            class Param:
                def __init__(self, values: np.ndarray) -> None:
                    self.data = {maker}(values)
                    self.step = tr.ones((256,))

                def __imul__(self, a: float) -> "Param":
                    add(self.data.partition((64,)), self.step, self.step).sync()  # decay
                    return self


            def main() -> None:
                w = Param(np.ones(256))
                y = tr.zeros((256,))
                fwd = add(y.partition((64,)), w.data, w.data).submit()
                w *= 0.5
                fwd.wait()
        """).format(maker=maker)
    )
    decay = next(i for i, t in enumerate(main.read_text().splitlines(), 1) if "# decay" in t)
    assert check_file(main, Project([tree])) == ([("TC103", decay)] if found else [])
