"""The demo's and the bench's simulated players answer the host's questions as a player would."""

from __future__ import annotations

from voice_host.games.cowabunga.host.demo import confirms
from voice_host.games.cowabunga.host.verdict import Reading


def test_a_question_about_the_total_said_is_a_yes_with_or_without_its_card() -> None:
    assert confirms(Reading(30), 30, 6)  # "six, thirty": "Thirty?" yes
    assert confirms(Reading(30, 6), 30, 6)  # "Six, thirty?" after "thirty" with a six played
    assert not confirms(Reading(30, 5), 30, 6)  # another card
    assert not confirms(Reading(40), 30, 6)  # another total
    assert not confirms(Reading(30), None, None)  # nothing was said that has a total
