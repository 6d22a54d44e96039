"""The language files: which languages there are, how a section becomes its typed table, the
one-line error for a file that does not fit, and templates that name only fields the code fills."""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from types import MappingProxyType

import pytest

from voice_host.games.cowabunga.host.display.words import DISPLAY_WORDS
from voice_host.games.cowabunga.words import WORDINGS, Plural
from voice_host.games.cowabunga.words.practice import PRACTICE_WORDS
from voice_host.languages import LanguageFileError, build, codes
from voice_host.phrases import LANGUAGES


@dataclass(frozen=True)
class Sample:
    """A table with every kind of field the language files hold."""

    lang: str
    word: str
    words: tuple[str, ...]
    pair: tuple[str, str]
    by_number: Mapping[int, tuple[str, ...]]
    by_name: Mapping[str, str]
    plural: Plural
    maybe: str | None = None


GOOD = """
[sample]
word = "Wort"
words = ["a", "b"]
pair = ["erste", "zweite"]
by_number = { 2 = ["zwo"], 0 = [] }
by_name.first = "eins"
by_name.second = "zwei"
plural.one = "eine Karte"
plural.other = "{count} Karten"
"""


def write(folder: Path, lang: str, text: str) -> Path:
    path = folder / f"{lang}.toml"
    path.write_text(text, encoding="utf-8")
    return folder


def test_the_shipped_languages_are_english_first_then_by_code() -> None:
    assert codes() == LANGUAGES == ("en", "de", "es", "fr", "it")


def test_a_new_file_is_a_new_language(tmp_path: Path) -> None:
    for lang in ("pt", "en", "nl"):
        write(tmp_path, lang, GOOD)
    assert codes(tmp_path) == ("en", "nl", "pt")


def test_a_section_becomes_its_table_with_tuples_read_only_maps_and_nested_tables(
    tmp_path: Path,
) -> None:
    sample = build(Sample, "de", "sample", folder=write(tmp_path, "de", GOOD))
    assert sample == Sample(
        lang="de",
        word="Wort",
        words=("a", "b"),
        pair=("erste", "zweite"),
        by_number={2: ("zwo",), 0: ()},
        by_name={"first": "eins", "second": "zwei"},
        plural=Plural(one="eine Karte", other="{count} Karten"),
    )
    assert isinstance(sample.by_number, MappingProxyType)
    assert list(sample.by_number) == [2, 0]
    assert sample.plural.pick(3) == "{count} Karten"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("word = \"Wort\"\n", ""), "[sample]: missing key 'word'"),
        (("word = \"Wort\"\n", "word = \"Wort\"\nwrod = \"x\"\n"), "[sample]: unknown key 'wrod'"),
        (("word = \"Wort\"\n", "word = 7\n"), "[sample] word: expected str, got int 7"),
        (("pair = [\"erste\", \"zweite\"]", "pair = [\"erste\"]"), "pair: expected 2 entries"),
        (("{ 2 = ", "{ two = "), "by_number: key 'two' is not a whole number"),
        (("plural.other", "plural.others"), "plural: unknown key 'others'"),
        (("word = \"Wort\"\n", "lang = \"de\"\n"), "'lang' is the file's name, not a key"),
        (("[sample]", "[samples]"), "[sample]: no such section"),
        (("word = \"Wort\"", "word = \"Wort"), "de.toml: "),
    ],
)
def test_a_file_that_does_not_fit_is_one_line_naming_the_file_and_key(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    folder = write(tmp_path, "de", GOOD.replace(*change))
    with pytest.raises(LanguageFileError) as error:
        build(Sample, "de", "sample", folder=folder)
    text = str(error.value)
    assert message in text and str(folder / "de.toml") in text and "\n" not in text


def test_a_missing_language_names_the_ones_there_are(tmp_path: Path) -> None:
    write(tmp_path, "en", GOOD)
    missing = r"no language file .*pt\.toml; languages here: en$"
    with pytest.raises(LanguageFileError, match=missing):
        build(Sample, "pt", "sample", folder=tmp_path)


def template_fields(table: object) -> dict[str, set[str]]:
    """Each template of ``table`` → the fields it names, case folded ({Total} is {total})."""
    found: dict[str, set[str]] = {}
    for field in fields(table):  # type: ignore[arg-type]
        value = getattr(table, field.name)
        texts = [value] if isinstance(value, str) else []
        if isinstance(value, Plural):
            texts = [t for t in (value.one, value.other, value.zero) if t is not None]
        names = {name.lower() for text in texts
                 for _, name, _, _ in string.Formatter().parse(text) if name}
        found[field.name] = names
    return found


@pytest.mark.parametrize(
    "tables", [WORDINGS, DISPLAY_WORDS, PRACTICE_WORDS], ids=["host", "display", "practice"]
)
@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_a_translation_names_only_fields_the_english_template_gets(
    tables: Mapping[str, object], lang: str
) -> None:
    english = template_fields(tables["en"])
    for name, names in template_fields(tables[lang]).items():
        extra = names - english[name]
        assert not extra, f"{lang} {name}: {sorted(extra)} not among {sorted(english[name])}"
