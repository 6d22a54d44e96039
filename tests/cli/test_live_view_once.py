"""The referee's live view leaves its last frame on the terminal once, not twice."""

from __future__ import annotations

import pytest

from tests.games.cowabunga.host.helpers import session
from voice_host.host.live_view import LiveView


def test_the_last_frame_is_shown_once(capsys: pytest.CaptureFixture[str]) -> None:
    game = session(typed=("eleven",))
    with LiveView(game, large=False, enabled=True) as view:
        view.refresh()
    out = capsys.readouterr().out
    assert out.count("Hendrik") == 1, out
