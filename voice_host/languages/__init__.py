"""Everything one language says, in one file: ``en.toml``, ``de.toml``, ``es.toml``, ``fr.toml``,
``it.toml``. Adding a language is adding its file here.

Each file has one section per kind of words, and the module that uses a kind builds its typed
table from its section:

- ``[phrases]``: what players say (commands, plus/minus, number variants, fillers), read by
  :mod:`voice_host.phrases` for the parser, the recognizer grammars and the host's numbers;
- ``[host]``: the host's sentences, read by :mod:`voice_host.games.cowabunga.words`;
- ``[display]``: the live table view's labels, read by
:mod:`voice_host.games.cowabunga.host.display.words`;
- ``[practice]``: the practice game's own sentences, read by
  :mod:`voice_host.games.cowabunga.words.practice`;
- ``[table_talk]``: the chatter and half words the ear is trained to reject, read by
  :mod:`voice_host.ear_training.texts`.

Why one package of data files rather than a Python table per kind: every language holds the same
keys, so written as code the five languages were five copies of one shape in each of five
modules, and a new language meant editing all five. As data a language is one file a translator
edits without touching code (as hassil keeps its sentences, one file per language). This package
imports nothing of ``voice_host``, so the ear reads its number words and commands without
loading the referee, and each kind's dataclass (with a docstring per field saying which fields a
template gets) stays with the code that fills it. :func:`build` checks a section against that
dataclass: a missing, unknown or mistyped key is a :class:`LanguageFileError` naming the file.

A game's own words fit the same scheme: ``games/<game>/words/<lang>.toml`` with that game's
sections, read with ``build(TheGamesWords, lang, "section", folder=<that folder>)``.
"""

from __future__ import annotations

import dataclasses
import tomllib
import types
import typing
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

HERE = Path(__file__).resolve().parent
"""The folder of the shipped language files."""

FIRST = "en"
"""The host's first language, listed first; the others follow by code."""

_T = TypeVar("_T")


class LanguageFileError(ValueError):
    """A language file is missing, unreadable, or does not fit the table built from it."""


def codes(folder: Path = HERE) -> tuple[str, ...]:
    """The languages that have a file in ``folder``: English first, then by code."""
    return tuple(sorted((p.stem for p in folder.glob("*.toml")), key=lambda c: (c != FIRST, c)))


@cache
def read(lang: str, folder: Path = HERE) -> Mapping[str, Any]:
    """The parsed file of ``lang`` in ``folder``."""
    path = folder / f"{lang}.toml"
    try:
        with path.open("rb") as file:
            return tomllib.load(file)
    except FileNotFoundError:
        raise LanguageFileError(
            f"no language file {path}; languages here: {', '.join(codes(folder))}"
        ) from None
    except tomllib.TOMLDecodeError as error:
        raise LanguageFileError(f"{path}: {error}") from None


def build(cls: type[_T], lang: str, section: str, folder: Path = HERE) -> _T:
    """The dataclass ``cls`` filled from ``[section]`` of ``lang``'s file; a field named ``lang``
    gets the language's code. Lists become tuples, tables read-only mappings (keys converted to
    ``int`` where the field says so), and a table for a dataclass field that dataclass."""
    where = f"{folder / f'{lang}.toml'} [{section}]"
    table = read(lang, folder).get(section)
    if not isinstance(table, dict):
        raise LanguageFileError(f"{where}: no such section")
    if "lang" in table:
        raise LanguageFileError(f"{where}: 'lang' is the file's name, not a key")
    value: _T = _dataclass(cls, {"lang": lang, **table} if _has_lang(cls) else table, where)
    return value


def _has_lang(cls: type) -> bool:
    return "lang" in _fields(cls)


@cache
def _fields(cls: type) -> dict[str, tuple[Any, bool]]:
    """Each field of the dataclass ``cls`` → (its type, whether a file must give it)."""
    hints = typing.get_type_hints(cls)
    return {f.name: (hints[f.name], f.default is dataclasses.MISSING)
            for f in dataclasses.fields(cls)}


def _dataclass(cls: type, table: dict[str, Any], where: str) -> Any:
    fields = _fields(cls)
    unknown = sorted(set(table) - set(fields))
    if unknown:
        raise LanguageFileError(f"{where}: unknown key {unknown[0]!r}")
    values: dict[str, Any] = {}
    for name, (hint, required) in fields.items():
        if name in table:
            values[name] = _convert(hint, table[name], f"{where} {name}")
        elif required:
            raise LanguageFileError(f"{where}: missing key {name!r}")
    return cls(**values)


def _convert(hint: Any, value: Any, where: str) -> Any:
    """``value`` as read from TOML, made into what the type ``hint`` says."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        if value is None and type(None) in args:
            return None
        (kind,) = (a for a in args if a is not type(None))
        return _convert(kind, value, where)
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return _dataclass(hint, _expect(dict, value, where), where)
    if origin is tuple:
        items = _expect(list, value, where)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(args[0], item, where) for item in items)
        if len(items) != len(args):
            raise LanguageFileError(f"{where}: expected {len(args)} entries, got {len(items)}")
        return tuple(_convert(a, item, where) for a, item in zip(args, items, strict=True))
    if origin is Mapping:
        key_type, value_type = args
        table = _expect(dict, value, where)
        return types.MappingProxyType(
            {_key(key_type, k, where): _convert(value_type, v, f"{where}.{k}")
             for k, v in table.items()}
        )
    return _expect(hint, value, where)


def _key(key_type: type, key: str, where: str) -> Any:
    if key_type is int:
        try:
            return int(key)
        except ValueError:
            raise LanguageFileError(f"{where}: key {key!r} is not a whole number") from None
    return key


def _expect(kind: type[_T], value: Any, where: str) -> _T:
    if not isinstance(value, kind):
        raise LanguageFileError(
            f"{where}: expected {kind.__name__}, got {type(value).__name__} {value!r}"
        )
    return value
