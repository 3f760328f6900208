"""``.gitignore`` files, matched as git matches them (gitignore(5)), so that a folder git
ignores is not checked (ruff's ``respect-gitignore``).

Only inside a git repository (a folder with ``.git`` at or above the checked one), as git and
ruff read them: ``.git/info/exclude`` first, then each ``.gitignore`` from the repository's
root down to the folder of the path, a deeper file's patterns overriding a higher one's; in
one file the last matching pattern wins. A pattern:

* ``#`` starts a comment, ``!`` negates (re-includes), ``\\#`` and ``\\!`` are literal; trailing
  spaces are dropped unless escaped;
* a trailing ``/`` matches only folders;
* a ``/`` at the start or in the middle anchors it to its file's folder (``/build``,
  ``docs/gen``); without one it matches a name at any depth below (``*.log``, ``build``);
* ``*`` and ``?`` never match ``/``; ``[...]`` is a class (``[!...]``/``[^...]`` negated,
  ``[:digit:]``-style names inside); ``**/`` at the start or ``/**/`` in the middle span any
  number of folders, a trailing ``/**`` everything inside.

A path inside an ignored folder cannot be re-included by a negation: the walk never enters the
folder, as git never does. Git's global ``core.excludesFile`` is not read (that needs git's
configuration); neither are ``.ignore`` files."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from tilecheck.frozen import frozen

_POSIX_CLASSES = {
    "alnum": "a-zA-Z0-9",
    "alpha": "a-zA-Z",
    "blank": " \\t",
    "digit": "0-9",
    "lower": "a-z",
    "punct": re.escape("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"),
    "space": "\\s",
    "upper": "A-Z",
    "xdigit": "0-9a-fA-F",
}


@frozen
class Pattern:
    """One line of a ``.gitignore``. ``base``: the folder of its file, relative to the
    repository's root ("" at the root, else ending in ``/``)."""

    regex: re.Pattern[str]
    negated: bool
    dir_only: bool
    anchored: bool
    base: str

    def matches(self, relative: str, is_dir: bool) -> bool:
        """Whether this pattern matches ``relative`` (a path from the repository's root,
        ``/``-separated)."""
        if self.dir_only and not is_dir:
            return False
        if not relative.startswith(self.base):
            return False
        below = relative[len(self.base) :]
        subject = below if self.anchored else below.rpartition("/")[2]
        return self.regex.fullmatch(subject) is not None


def _strip_trailing_spaces(line: str) -> str:
    end = len(line)
    while end > 0 and line[end - 1] == " " and not (end > 1 and line[end - 2] == "\\"):
        end -= 1
    return line[:end]


def parse_line(line: str, base: str = "") -> Pattern | None:
    """The pattern a ``.gitignore`` line holds (None: a blank line or a comment)."""
    text = _strip_trailing_spaces(line.rstrip("\r\n"))
    if not text or text.startswith("#"):
        return None
    negated = text.startswith("!")
    if negated:
        text = text[1:]
    dir_only = text.endswith("/") and not text.endswith("\\/")
    text = text.rstrip("/") if dir_only else text
    anchored = "/" in text
    text = text.lstrip("/") if anchored else text
    if not text:
        return None
    return Pattern(re.compile(translate(text), re.DOTALL), negated, dir_only, anchored, base)


def translate(pattern: str) -> str:
    """A regular expression for the glob ``pattern`` (its leading ``\\`` escapes kept)."""
    out: list[str] = []
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "*":
            j = i
            while j < n and pattern[j] == "*":
                j += 1
            whole = (i == 0 or pattern[i - 1] == "/") and (j == n or pattern[j] == "/")
            if j - i >= 2 and whole:
                if j == n:
                    out.append(".*")  # `**` at the end: everything below
                else:
                    out.append("(?:.*/)?")  # `**/`: any number of folders, none included
                    j += 1
            else:
                out.append("[^/]*")
            i = j
        elif c == "?":
            out.append("[^/]")
            i += 1
        elif c == "[":
            cls, i = _bracket(pattern, i)
            out.append(cls)
        elif c == "\\" and i + 1 < n:
            out.append(re.escape(pattern[i + 1]))
            i += 2
        else:
            out.append(re.escape(c))
            i += 1
    return "".join(out)


def _bracket(pattern: str, start: int) -> tuple[str, int]:
    """The regex class for the ``[...]`` at ``start`` and the index past it; a ``[`` that
    is never closed is a literal ``[``."""
    i = start + 1
    negated = i < len(pattern) and pattern[i] in "!^"
    i += negated
    items: list[str] = []
    first = True
    while i < len(pattern):
        c = pattern[i]
        if c == "]" and not first:
            body = "".join(items)
            return f"(?!/)[{'^' if negated else ''}{body}]", i + 1
        first = False
        if c == "[" and pattern.startswith("[:", i):
            close = pattern.find(":]", i + 2)
            name = pattern[i + 2 : close] if close >= 0 else ""
            if name in _POSIX_CLASSES:
                items.append(_POSIX_CLASSES[name])
                i = close + 2
                continue
        if c == "\\" and i + 1 < len(pattern):
            items.append(re.escape(pattern[i + 1]))
            i += 2
            continue
        items.append("-" if c == "-" else re.escape(c))
        i += 1
    return re.escape("["), start + 1


def read_patterns(path: Path, base: str) -> list[Pattern]:
    """The patterns of the ignore file ``path`` (none if it cannot be read)."""
    try:
        text = path.read_text(encoding="utf-8", errors="surrogateescape")
    except OSError:
        return []
    return [p for line in text.splitlines() if (p := parse_line(line, base)) is not None]


def repository_root(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` holding ``.git`` (a folder, or a file as in
    a worktree or submodule); None outside a repository."""
    for candidate in (start, *start.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


class Ignores:
    """The patterns that apply inside one folder of a repository (``within``), from its root
    down; ``entered`` adds a subfolder's own ``.gitignore``."""

    def __init__(self, root: Path, patterns: Sequence[Pattern]) -> None:
        self.root = root
        self.patterns = tuple(patterns)

    @classmethod
    def within(cls, folder: Path) -> Ignores | None:
        """The patterns for the entries of ``folder``; None outside a repository."""
        folder = _absolute(folder)
        root = repository_root(folder)
        if root is None:
            return None
        patterns = read_patterns(root / ".git" / "info" / "exclude", "")
        patterns += read_patterns(root / ".gitignore", "")
        here = root
        for part in folder.relative_to(root).parts:
            here = here / part
            patterns += read_patterns(here / ".gitignore", _base(root, here))
        return cls(root, patterns)

    def entered(self, folder: Path) -> Ignores:
        """The patterns for the entries of ``folder``, a subfolder of this one: a nested
        repository starts over; a ``.gitignore`` of its own adds to these."""
        folder = _absolute(folder)
        if (folder / ".git").exists():
            exclude = read_patterns(folder / ".git" / "info" / "exclude", "")
            return Ignores(folder, exclude + read_patterns(folder / ".gitignore", ""))
        own = read_patterns(folder / ".gitignore", _base(self.root, folder))
        return Ignores(self.root, (*self.patterns, *own)) if own else self

    def ignored(self, path: Path, is_dir: bool) -> bool:
        """Whether git ignores ``path`` (inside this repository) for the patterns here: the
        last pattern that matches decides."""
        relative = _absolute(path).relative_to(self.root).as_posix()
        for pattern in reversed(self.patterns):
            if pattern.matches(relative, is_dir):
                return not pattern.negated
        return False


def _absolute(path: Path) -> Path:
    return Path(os.path.abspath(path))


def _base(root: Path, folder: Path) -> str:
    relative = folder.relative_to(root).as_posix()
    return "" if relative == "." else relative + "/"
