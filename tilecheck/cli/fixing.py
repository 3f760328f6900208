"""``--fix``, ``--diff`` and ``--add-noqa``: the fixes of ``tilecheck.fixes`` (the LSP's quick
fixes) applied to whole files.

``--fix`` applies the fixes that are safe (``Fix.safe``, as ruff marks its fixes): removing
unused suppressions (TC002), or their unused codes, and inserting the missing ``.wait()`` of a
Pending never waited on (TC108) where ``tilecheck.wait_fix`` finds it unambiguous. Silencing a
finding is never a fix: ``--add-noqa`` does that on request,
writing ``# tilecheck: ignore[CODE]`` (the LSP's "Suppress" quick fix) on each finding's
line, as ruff's ``--add-noqa`` writes ``# noqa``. Fixes are applied in rounds, the file
checked again after each, as ruff does: edits that touch one another wait for the next round,
where they are computed afresh (two codes on one line end up in one comment)."""

from __future__ import annotations

import difflib
import io
import tokenize
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tilecheck.codes import PARSE_ERROR, PENDING_NEVER_WAITED, UNUSED_SUPPRESSION
from tilecheck.config import Config
from tilecheck.diagnostics import Diagnostic
from tilecheck.engine import FileError, InternalError, check_source
from tilecheck.fixes import Edit, FixSource, apply_edits

if TYPE_CHECKING:
    from tilecheck.project import Project

MAX_ROUNDS = 10


@dataclass
class Fixed:
    """One text after fixing: the new text, the fixes applied and the findings left."""

    source: str
    applied: int
    diagnostics: list[Diagnostic]
    error: FileError | None = None


def _fixable(d: Diagnostic, add_noqa: bool) -> bool:
    """``--add-noqa`` silences any finding but a parse error or an unused suppression;
    ``--fix`` removes unused suppressions and waits on Pendings never waited on."""
    if add_noqa:
        return d.code not in (PARSE_ERROR, UNUSED_SUPPRESSION)
    return d.code in (UNUSED_SUPPRESSION, PENDING_NEVER_WAITED)


def _edits(source: str, diagnostics: Sequence[Diagnostic], add_noqa: bool) -> list[Edit]:
    fixes = FixSource(source)
    edits: list[Edit] = []
    for d in diagnostics:
        if not _fixable(d, add_noqa):
            continue
        line = d.span.line - 1
        if add_noqa:
            fix = fixes.suppress(d.code, line)
        elif d.code == PENDING_NEVER_WAITED:
            fix = fixes.wait(line, d.span.column)
        else:
            fix = fixes.remove_unused(line, d.span.column, d.message)
        if fix is not None and (fix.safe or add_noqa):
            edits.extend(fix.edits)
    return edits


def fix_source(
    source: str,
    path: str,
    diagnostics: Sequence[Diagnostic],
    config: Config,
    project: Project | None,
    add_noqa: bool = False,
) -> Fixed:
    """``source`` (the file ``path``, whose findings are ``diagnostics``) with its fixes
    applied, round after round until none is left."""
    fixed = Fixed(source, 0, list(diagnostics))
    for _ in range(MAX_ROUNDS):
        edits = _edits(fixed.source, fixed.diagnostics, add_noqa)
        if not edits:
            break
        fixed.source, applied = apply_edits(fixed.source, edits)
        fixed.applied += applied
        try:
            fixed.diagnostics = check_source(fixed.source, path, config, project)
        except InternalError as e:
            fixed.error = FileError(path, "internal error while fixing", e.detail)
            break
    return fixed


@dataclass
class FileText:
    """A file's text as read, with what writing it back needs: its encoding."""

    path: Path
    text: str
    encoding: str

    @classmethod
    def read(cls, path: Path) -> FileText:
        data = path.read_bytes()
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        return cls(path, data.decode(encoding), encoding)

    def write(self, text: str) -> None:
        self.path.write_bytes(text.encode(self.encoding))


@dataclass
class Outcome:
    """What fixing files did: the changed texts (path, before, after), the fixes applied,
    every finding left (fixed files' afresh, the others' as they were) and errors."""

    changed: list[tuple[str, str, str]] = field(default_factory=list)
    applied: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)

    def lines_changed(self) -> int:
        """Lines whose text changed (``--add-noqa`` adds one directive a line, and never adds
        or removes lines)."""
        return sum(
            a != b
            for _, before, after in self.changed
            for a, b in zip(before.splitlines(), after.splitlines(), strict=False)
        )


def fix_files(
    diagnostics: Sequence[Diagnostic],
    config: Config,
    project: Project,
    *,
    add_noqa: bool,
    write: bool,
) -> Outcome:
    """Fix the files ``diagnostics`` name (each finding's own file), writing them back if
    ``write``."""
    outcome = Outcome()
    by_path: dict[str, list[Diagnostic]] = {}
    for d in diagnostics:
        by_path.setdefault(d.path, []).append(d)
    for path, found in by_path.items():
        if not any(_fixable(d, add_noqa) for d in found):
            outcome.diagnostics.extend(found)
            continue
        try:
            original = FileText.read(Path(path))
        except (OSError, SyntaxError, UnicodeDecodeError) as e:
            outcome.errors.append(FileError(path, f"cannot read to fix: {e}"))
            outcome.diagnostics.extend(found)
            continue
        fixed = fix_source(original.text, path, found, config, project, add_noqa)
        if fixed.error is not None:
            outcome.errors.append(fixed.error)
            outcome.diagnostics.extend(found)
            continue
        outcome.diagnostics.extend(fixed.diagnostics)
        if fixed.source != original.text:
            outcome.applied += fixed.applied
            outcome.changed.append((path, original.text, fixed.source))
            if write:
                original.write(fixed.source)
    outcome.diagnostics.sort(key=Diagnostic.sort_key)
    return outcome


def unified_diff(path: str, before: str, after: str) -> str:
    lines = difflib.unified_diff(
        before.splitlines(keepends=True),
        after.splitlines(keepends=True),
        fromfile=path,
        tofile=path,
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)
