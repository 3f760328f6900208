"""``[tool.tilecheck]``: discovery, values, errors, rule selection and CLI overrides."""

from __future__ import annotations

from pathlib import Path

import pytest

from tilecheck.config import Config, ConfigError, find_config_file, load_config
from tilecheck.discovery import discover


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_defaults_select_everything() -> None:
    config = Config()
    assert all(config.enabled(code) for code in ("TC001", "TC002", "TC102", "TC206"))
    assert config.output_format == "text" and config.kernel_decorators == ()


def test_the_more_specific_selector_wins() -> None:
    config = Config(select=("TC1",), ignore=("TC105",))
    assert config.enabled("TC102") and not config.enabled("TC105")
    assert not config.enabled("TC201") and not config.enabled("TC001")
    narrow = Config(select=("TC102",), ignore=("TC1",))
    assert narrow.enabled("TC102") and not narrow.enabled("TC103")
    assert not Config(select=("TC1",), ignore=("TC1",)).enabled("TC102")  # a tie ignores
    assert Config(select=("ALL",), ignore=("TC2",)).enabled("TC101")


def enabled(config: Config) -> list[str]:
    return [c for c in ("TC001", "TC002", "TC101", "TC102", "TC105", "TC201") if config.enabled(c)]


def test_cli_select_starts_over_and_cli_ignore_adds() -> None:
    config = Config(select=("TC1",), ignore=("TC105",))
    fresh = config.overridden(select=["tc105", "TC2"])
    assert enabled(fresh) == ["TC105", "TC201"]  # the config's ignore is gone with its select
    narrower = config.overridden(ignore=["TC102"])
    assert enabled(narrower) == ["TC101"]
    assert config.overridden(output_format="json").output_format == "json"


def test_a_later_layer_wins_as_in_ruff() -> None:
    """Within a layer the more specific selector wins; a later layer (the command line)
    overrides an earlier one (the config) whatever their lengths."""
    config = Config(select=("TC102",), ignore=("TC10",))
    assert enabled(config) == ["TC102"]
    assert enabled(config.overridden(ignore=["TC1"])) == []  # as in ruff: the CLI's ignore wins
    assert enabled(Config(ignore=("TC10",)).overridden(extend_select=["TC1"])) == [
        "TC001",
        "TC002",
        "TC101",
        "TC102",
        "TC105",
        "TC201",
    ]
    assert enabled(Config(ignore=("TC102",)).overridden(extend_select=["TC102"])) == enabled(
        Config()
    )
    assert enabled(Config().overridden(extend_ignore=["TC2"], ignore=["TC0"])) == [
        "TC101",
        "TC102",
        "TC105",
    ]


def test_extend_select_and_extend_ignore_in_the_config(tmp_path: Path) -> None:
    write(
        tmp_path / "pyproject.toml",
        '[tool.tilecheck]\nselect = ["TC1"]\nextend-select = ["TC201"]\n'
        'ignore = ["TC102"]\nextend-ignore = ["TC105"]\n',
    )
    assert enabled(load_config(tmp_path)) == ["TC101", "TC201"]


def test_per_file_ignores_drop_codes_in_matching_files(tmp_path: Path) -> None:
    write(
        tmp_path / "pyproject.toml",
        "[tool.tilecheck.per-file-ignores]\n"
        '"tests/**" = ["TC105"]\n'
        '"__init__.py" = ["TC1"]\n'
        '"!src/**" = ["TC201"]\n'
        "[tool.tilecheck.extend-per-file-ignores]\n"
        '"gen_*.py" = ["TC2"]\n',
    )
    config = load_config(tmp_path)

    def kept(path: str) -> list[str]:
        return [c for c in ("TC102", "TC105", "TC201", "TC202") if config.enabled(c, path)]

    assert kept(str(tmp_path / "src" / "app.py")) == ["TC102", "TC105", "TC201", "TC202"]
    assert kept(str(tmp_path / "tests" / "deep" / "t.py")) == ["TC102", "TC202"]
    assert kept(str(tmp_path / "src" / "pkg" / "__init__.py")) == ["TC201", "TC202"]
    assert kept(str(tmp_path / "src" / "gen_x.py")) == ["TC102", "TC105"]
    assert config.enabled("TC105")  # without a path: selection alone


def test_a_tilecheck_toml_is_found_and_wins_over_pyproject_beside_it(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", '[tool.tilecheck]\nignore = ["TC105"]\n')
    write(tmp_path / "sub" / "pyproject.toml", '[tool.tilecheck]\nignore = ["TC105"]\n')
    own = write(tmp_path / "sub" / "tilecheck.toml", 'ignore = ["TC002"]\n')
    write(tmp_path / "empty" / "tilecheck.toml", "")
    assert find_config_file(tmp_path / "sub" / "deeper") == own
    assert load_config(tmp_path / "sub").ignore == ("TC002",)
    assert find_config_file(tmp_path / "empty") == tmp_path / "empty" / "tilecheck.toml"
    assert load_config(tmp_path / "empty").ignore == ()  # an empty one still counts
    assert find_config_file(tmp_path) == tmp_path / "pyproject.toml"
    nested = write(tmp_path / "t" / "tilecheck.toml", '[tool.tilecheck]\nignore = ["TC002"]\n')
    with pytest.raises(ConfigError, match=r"tilecheck.toml: unknown key 'tool': .* top level"):
        load_config(nested.parent)


def test_cli_rejects_unknown_selectors_and_formats() -> None:
    with pytest.raises(ConfigError, match=r"--select: unknown rule selector 'TC9'"):
        Config().overridden(select=["TC9"])
    with pytest.raises(ConfigError, match=r"--ignore: unknown rule selector 'F401'"):
        Config().overridden(ignore=["F401"])
    with pytest.raises(ConfigError, match=r"unknown output format 'xml'"):
        Config().overridden(output_format="xml")


def test_nearest_pyproject_with_a_tilecheck_table_is_used(tmp_path: Path) -> None:
    write(
        tmp_path / "pyproject.toml",
        '[tool.tilecheck]\nselect = ["TC1"]\nignore = ["TC105"]\nexclude = ["gen"]\n'
        'kernel-decorators = ["mylib.tile_kernel"]\noutput-format = "full"\n',
    )
    write(tmp_path / "pkg" / "pyproject.toml", '[project]\nname = "pkg"\n')  # no table: skipped
    start = tmp_path / "pkg" / "sub"
    start.mkdir()
    assert find_config_file(start) == tmp_path / "pyproject.toml"
    config = load_config(start)
    assert config == Config(
        select=("TC1",),
        ignore=("TC105",),
        exclude=("gen",),
        kernel_decorators=("mylib.tile_kernel",),
        output_format="full",
        root=tmp_path,
        source=tmp_path / "pyproject.toml",
    )


def test_no_config_gives_defaults(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", '[project]\nname = "x"\n')  # no [tool.tilecheck]
    assert find_config_file(tmp_path) is None
    assert load_config(tmp_path) == Config()


def test_explicit_tilecheck_toml_has_top_level_keys(tmp_path: Path) -> None:
    path = write(tmp_path / "conf" / "tilecheck.toml", 'ignore = ["TC002"]\n')
    config = load_config(tmp_path, explicit=path)
    assert config.ignore == ("TC002",) and config.root == tmp_path / "conf"


@pytest.mark.parametrize(
    ("body", "pattern"),
    [
        (
            "kernel_decorators = []",
            r"unknown key 'kernel_decorators' \(did you mean 'kernel-decorators'\?\)",
        ),
        ("colour = true", r"unknown key 'colour'; known keys: select, extend-select, ignore"),
        ('select = ["TC9"]', r"select: unknown rule selector 'TC9'"),
        ("select = 3", r"select: expected a list of strings, got 3"),
        ("exclude = [1]", r"exclude: expected a list of strings"),
        ('kernel-decorators = ["my lib.kernel"]', r"'my lib.kernel' is not a dotted name"),
        ('output-format = "xml"', r"output-format: unknown output format 'xml'"),
        ("output-format = 1", r"output-format: expected a string"),
        ('extend-select = ["TC9"]', r"extend-select: unknown rule selector 'TC9'"),
        ("respect-gitignore = 1", r"respect-gitignore: expected true or false, got 1"),
        ('per-file-ignores = ["a"]', r"per-file-ignores: expected a table of glob = \[codes\]"),
        (
            'per-file-ignores = { "t/*" = ["X1"] }',
            r"per-file-ignores: 't/\*': unknown rule selector 'X1'",
        ),
    ],
)
def test_bad_keys_and_values_name_the_file_and_key(tmp_path: Path, body: str, pattern: str) -> None:
    path = write(tmp_path / "pyproject.toml", f"[tool.tilecheck]\n{body}\n")
    with pytest.raises(ConfigError, match=pattern) as info:
        load_config(tmp_path)
    assert str(info.value).startswith(f"{path}: [tool.tilecheck]: ")


def test_invalid_toml_and_missing_explicit_file(tmp_path: Path) -> None:
    path = write(tmp_path / "pyproject.toml", "[tool.tilecheck\n")
    with pytest.raises(ConfigError, match="invalid TOML") as info:
        load_config(tmp_path)
    assert str(path) in str(info.value)
    with pytest.raises(ConfigError, match="config file not found"):
        load_config(tmp_path, explicit=tmp_path / "nope.toml")
    bad_table = write(tmp_path / "x" / "pyproject.toml", "[tool]\ntilecheck = 1\n")
    with pytest.raises(ConfigError, match=r"\[tool.tilecheck\] must be a table"):
        load_config(bad_table.parent)


def test_excludes_are_relative_to_the_config_and_skip_hidden_and_venv_dirs(tmp_path: Path) -> None:
    for name in (
        "a.py",
        "gen/b.py",
        "pkg/gen/c.py",
        "tests/cases/d.py",
        "tests/e.py",
        ".hidden/f.py",
        "build/g.py",
        "env/lib/h.py",
        "pkg/__pycache__/i.py",
        "notes.txt",
    ):
        write(tmp_path / name, "")
    write(tmp_path / "env" / "pyvenv.cfg", "")
    config = Config(exclude=("gen", "tests/cases"), root=tmp_path)
    found = [p.relative_to(tmp_path).as_posix() for p in discover([tmp_path], config)]
    assert found == ["a.py", "tests/e.py"]
    # explicitly named files: any suffix, but still subject to excludes (as pre-commit needs)
    script = write(tmp_path / "tool", "#!/usr/bin/env python\n")
    named = discover([script, tmp_path / "gen" / "b.py", tmp_path / "a.py", tmp_path], config)
    assert [p.name for p in named] == ["tool", "a.py", "e.py"]


def test_exclude_globs_match_as_gitignore_and_ruff_do(tmp_path: Path) -> None:
    """``*`` stays inside one path component, ``**`` spans any number of them, a leading
    ``./`` is the config's folder, and a folder matched excludes all under it."""
    files = ("a/x.py", "a/b/y.py", "a/b/c/z.py", "gen/g.py", "src/gen/h.py", "top.py")
    for name in files:
        write(tmp_path / name, "")

    def kept(*exclude: str) -> list[str]:
        config = Config(exclude=exclude, root=tmp_path)
        return [p.relative_to(tmp_path).as_posix() for p in discover([tmp_path], config)]

    everything = sorted(files)
    assert kept() == everything
    assert kept("a/*.py") == [f for f in everything if f != "a/x.py"]
    assert kept("a/*") == ["gen/g.py", "src/gen/h.py", "top.py"]  # a/b is matched: all under it
    assert kept("a/*/*.py") == [f for f in everything if f != "a/b/y.py"]
    assert kept("a/**/*.py") == ["gen/g.py", "src/gen/h.py", "top.py"]
    assert kept("a/**/z.py") == [f for f in everything if f != "a/b/c/z.py"]
    assert kept("**/gen") == ["a/b/c/z.py", "a/b/y.py", "a/x.py", "top.py"]
    assert kept("./gen") == [f for f in everything if f != "gen/g.py"]  # only the top one
    assert kept("./gen/") == kept(".//gen") == kept("./gen")
    assert kept("gen") == ["a/b/c/z.py", "a/b/y.py", "a/x.py", "top.py"]  # any folder named gen
    assert kept("./top.py", "src//gen") == ["a/b/c/z.py", "a/b/y.py", "a/x.py", "gen/g.py"]
    assert kept("*.py") == []
    assert kept(f"{tmp_path.as_posix()}/a/*.py") == [f for f in everything if f != "a/x.py"]
