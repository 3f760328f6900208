"""docs/rules.md, which SARIF's ``helpUri`` links to: a section for every rule, anchored by its
code, so no link points nowhere."""

from __future__ import annotations

import re

import pytest

from tests.support import REPO
from tilecheck import rule_docs
from tilecheck.catalog import catalog
from tilecheck.formats import sarif
from tilecheck.rule_docs import markdown, rule_url

REGENERATE = "regenerate it: python -m tilecheck.rule_docs > docs/rules.md"


def test_every_rule_has_its_anchor_in_docs_rules_md() -> None:
    text = (REPO / "docs" / "rules.md").read_text()
    sections = dict(re.findall(r"^## (TC\d{3})\n\n`([a-z-]+)`", text, re.MULTILINE))
    expected = {rule.code: rule.slug for rule in catalog().values()}
    assert sections == expected, REGENERATE


def test_the_page_is_generated_from_the_catalog() -> None:
    page = markdown()
    for rule in catalog().values():
        assert f"## {rule.code}\n\n`{rule.slug}`" in page


def test_links_follow_the_published_documentation(monkeypatch: pytest.MonkeyPatch) -> None:
    published = {"Documentation": "https://docs.example.org/tilecheck", "Homepage": None}
    monkeypatch.setattr(rule_docs, "_project_url", published.get)
    rule_docs.docs_url.cache_clear()
    rule_docs.project_url.cache_clear()
    try:
        for rule in catalog().values():
            assert rule_url(rule.code) == (
                f"https://docs.example.org/tilecheck/rules.md#{rule.code.lower()}"
            )
        doc = sarif.document([], base=REPO)
        driver = doc["runs"][0]["tool"]["driver"]
        assert driver["rules"][0]["helpUri"] == rule_url(driver["rules"][0]["id"])
        assert "informationUri" not in driver  # no home page published: none made up
    finally:
        rule_docs.docs_url.cache_clear()
        rule_docs.project_url.cache_clear()
