"""``.gitignore`` matching (gitignore(5)'s rules, one by one) and discovery respecting it: only
inside a repository, nested files, ``.git/info/exclude``, ``respect-gitignore = false``."""

from __future__ import annotations

import os
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from tests.support import REPO
from tilecheck.config import Config, load_config
from tilecheck.discovery import discover
from tilecheck.gitignore import Ignores, parse_line


def ignored(pattern: str, path: str, is_dir: bool = False, base: str = "") -> bool | None:
    """True/False if ``pattern`` matches ``path`` (ignoring or re-including it); None if not."""
    parsed = parse_line(pattern, base)
    assert parsed is not None
    return (not parsed.negated) if parsed.matches(path, is_dir) else None


def test_comments_blanks_and_escapes() -> None:
    assert (
        parse_line("") is None and parse_line("# a comment") is None and parse_line("   ") is None
    )
    assert ignored("\\#notes", "#notes") is True
    assert ignored("\\!keep", "!keep") is True
    assert ignored("trailing   ", "trailing") is True  # trailing spaces dropped
    assert ignored("space\\ ", "space ") is True  # unless escaped
    assert ignored("!keep.py", "keep.py") is False  # a negation re-includes


@pytest.mark.parametrize(
    ("pattern", "path", "is_dir", "expected"),
    [
        ("build", "build", True, True),  # no slash: a name at any depth
        ("build", "src/build", True, True),
        ("build", "src/build.py", False, None),
        ("*.log", "a/b/x.log", False, True),
        ("build/", "build", False, None),  # trailing slash: folders only
        ("build/", "src/build", True, True),
        ("/build", "build", True, True),  # leading slash: anchored
        ("/build", "src/build", True, None),
        ("docs/gen", "docs/gen", True, True),  # a middle slash anchors too
        ("docs/gen", "x/docs/gen", True, None),
        ("a/*.py", "a/x.py", False, True),  # `*` stays in one component
        ("a/*.py", "a/b/x.py", False, None),
        ("a?c", "abc", False, True),
        ("a?c", "a/c", False, None),
        ("**/gen", "gen", True, True),  # leading **/: any folder, none included
        ("**/gen", "x/y/gen", True, True),
        ("a/**/z.py", "a/z.py", False, True),  # /**/: zero or more folders
        ("a/**/z.py", "a/b/c/z.py", False, True),
        ("a/**", "a/b/c.py", False, True),  # trailing /**: everything inside
        ("a/**", "a", True, None),
        ("a**b", "axxb", False, True),  # other runs of stars are one star
        ("a**b", "a/b", False, None),
        ("[ab].py", "b.py", False, True),
        ("[!ab].py", "c.py", False, True),
        ("[!ab].py", "a.py", False, None),
        ("[^ab].py", "a.py", False, None),
        ("[a-c]x", "bx", False, True),
        ("[[:digit:]]*.py", "7up.py", False, True),
        ("[[:digit:]]*.py", "up.py", False, None),
        ("[]]x", "]x", False, True),
        ("[unclosed", "[unclosed", False, True),
    ],
)
def test_patterns(pattern: str, path: str, is_dir: bool, expected: bool | None) -> None:
    assert ignored(pattern, path, is_dir) is expected


def test_a_nested_file_matches_below_its_folder_only() -> None:
    assert ignored("/gen", "pkg/gen", True, base="pkg/") is True
    assert ignored("/gen", "gen", True, base="pkg/") is None
    assert ignored("*.tmp", "pkg/a/b.tmp", False, base="pkg/") is True
    assert ignored("*.tmp", "other/b.tmp", False, base="pkg/") is None


def write(path: Path, text: str = "import tilert\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def found(root: Path, config: Config | None = None) -> list[str]:
    config = config or Config(root=root)
    return sorted(p.relative_to(root).as_posix() for p in discover([root], config))


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    (tmp_path / ".git" / "info").mkdir(parents=True)
    for name in ("a.py", "gen/g.py", "pkg/b.py", "pkg/out/c.py", "pkg/keep.py", "logs/x.py"):
        write(tmp_path / name)
    return tmp_path


def test_discovery_skips_what_git_ignores_with_nested_files_and_negation(repo: Path) -> None:
    write(repo / ".gitignore", "gen/\n/logs\n")
    write(repo / "pkg" / ".gitignore", "*.py\n!keep.py\nout/\n")
    assert found(repo) == ["a.py", "pkg/keep.py"]
    # a folder git ignores cannot have a file inside re-included (git never looks inside)
    write(repo / ".gitignore", "gen/\n!gen/g.py\n")
    assert "gen/g.py" not in found(repo)


def test_info_exclude_yields_to_gitignore_files(repo: Path) -> None:
    write(repo / ".git" / "info" / "exclude", "*.py\n")
    assert found(repo) == []
    write(repo / ".gitignore", "!a.py\n")
    assert found(repo) == ["a.py"]


def test_gitignore_files_above_the_checked_folder_apply(repo: Path) -> None:
    write(repo / ".gitignore", "pkg/out/\nb.py\n")
    assert sorted(p.name for p in discover([repo / "pkg"], Config(root=repo))) == ["keep.py"]


def test_only_inside_a_repository_and_only_when_asked(repo: Path, tmp_path: Path) -> None:
    write(repo / ".gitignore", "gen/\n")
    everything = ["a.py", "gen/g.py", "logs/x.py", "pkg/b.py", "pkg/keep.py", "pkg/out/c.py"]
    assert found(repo, Config(root=repo, respect_gitignore=False)) == everything
    write(repo / "pyproject.toml", "[tool.tilecheck]\nrespect-gitignore = false\n")
    assert found(repo, load_config(repo)) == everything
    (repo / ".git" / "info").rmdir()
    (repo / ".git").rmdir()  # no longer a repository: git would not read .gitignore either
    assert found(repo) == everything


def test_a_named_file_is_checked_even_if_ignored(repo: Path) -> None:
    write(repo / ".gitignore", "gen/\n")
    named = repo / "gen" / "g.py"
    assert discover([named], Config(root=repo)) == [named]


def test_a_nested_repository_starts_over(repo: Path) -> None:
    write(repo / ".gitignore", "*.py\n!/vendor/\n!/vendor/**\n")
    (repo / "vendor" / ".git").mkdir(parents=True)
    write(repo / "vendor" / "lib.py")
    write(repo / "vendor" / ".gitignore", "skip.py\n")
    write(repo / "vendor" / "skip.py")
    assert found(repo) == ["vendor/lib.py"]


def test_this_repository_skips_no_tracked_file() -> None:
    """The tree's own .gitignore names only what discovery skips anyway (build output, caches,
    hidden folders): respecting it skips no file git tracks, so `tilecheck .` in CI (a clean
    clone) checks the same files as before."""
    try:
        tracked = subprocess.run(
            ["git", "-C", str(REPO), "ls-files"], capture_output=True, text=True, check=True
        ).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout, or git is not available")
    config = load_config(REPO)
    with_git = set(discover([REPO], config))
    skipped = set(discover([REPO], replace(config, respect_gitignore=False))) - with_git
    assert not {p.relative_to(REPO).as_posix() for p in skipped} & set(tracked)


def test_ignores_agree_with_git_itself(repo: Path) -> None:
    """Where git is installed: each file's verdict is git's own (``git check-ignore``)."""
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    try:
        subprocess.run(["git", "init", "-q", str(repo)], check=True, capture_output=True, env=env)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("git is not available")
    write(repo / ".gitignore", "gen/\n/logs\n*.py\n!a.py\n!pkg/\n")
    write(repo / "pkg" / ".gitignore", "!*.py\nout/\n")
    files = ["a.py", "gen/g.py", "pkg/b.py", "pkg/out/c.py", "pkg/keep.py", "logs/x.py"]
    listed = subprocess.run(
        ["git", "-C", str(repo), "check-ignore", "--no-index", *files],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    ).stdout.split()
    assert found(repo) == sorted(set(files) - set(listed))
    assert Ignores.within(repo) is not None
