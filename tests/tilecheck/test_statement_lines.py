"""``statement_lines.statement_starts``: the statements' first lines read off the text agree
with the lines counted in the tree, or it declines (None) and the tree is counted."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from tilecheck.statement_lines import statement_starts
from tilecheck.statement_positions import line_count

ROOT = Path(__file__).resolve().parents[2]


def _counted(module: cst.Module) -> list[int]:
    starts, line = [], 1 + sum(line_count(empty) for empty in module.header)
    for statement in module.body:
        starts.append(line)
        line += line_count(statement)
    return starts


SOURCES = {
    "docstring with code at column 0": '"""Usage:\n\nx = 1\nimport os\n"""\n\nx = 1\n',
    "decorators and comments between": (
        "# head\n\n@a\n# why\n@b(1)\ndef f():\n    pass\n\n\n# c\nclass C:\n    x = '''\ny\n'''\n"
    ),
    "clauses of top-level compound statements": (
        "if a:\n    pass\nelif b:\n    pass\nelse:\n    pass\n"
        "try:\n    pass\nexcept E:\n    pass\nexcept F:\n    pass\nelse:\n    pass\n"
        "finally:\n    pass\nfor i in x:\n    pass\nelse:\n    pass\nwhile y:\n    break\n"
        "else:\n    pass\nwith m:\n    pass\nmatch v:\n    case 1:\n        pass\n"
    ),
    "brackets closed at column 0": "x = [\n    1,\n]\ncall(\n    2,\n)\nd = {\n}\n",
    "one line, semicolons, a backslash": "a = 1; b = 2\nc = 1 + \\\n    2\nif a: b = 3\n",
    "strings with quotes of the other kind": "s = \"'''\"\nt = '\"\"\"'\n# '''\nu = 1\n",
    "crlf line ends": "x = 1\r\n\r\ny = '''\r\nz\r\n'''\r\nw = 2\r\n",
}


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_read_off_the_text_as_counted(name: str) -> None:
    source = SOURCES[name]
    module = cst.parse_module(source)
    assert statement_starts(module, source) == _counted(module)


def test_declines_where_column_0_is_not_a_statement() -> None:
    source = "x = [\n1,\n2]\ny = 3\n"  # items at column 0 inside the brackets
    assert statement_starts(cst.parse_module(source), source) is None


def test_the_repositorys_own_modules() -> None:
    checked = 0
    for path in sorted((ROOT / "tilecheck").rglob("*.py"))[::8]:  # a sample of every folder
        source = path.read_text(encoding="utf-8")
        module = cst.parse_module(source)
        starts = statement_starts(module, source)
        assert starts is not None, path
        assert starts == _counted(module), path
        checked += 1
    assert checked > 40
