"""Private and public output: the learner's hand on the headphones, the table on the speakers.

A second PulseAudio null sink stands in for the headphones, exposed to PortAudio as the ALSA
device ``headphones`` through an ``.asoundrc`` in a private HOME; the speakers are the fixture's
``virtual_speaker`` (the default sink). Both sinks' monitors are recorded while the host speaks
one private and one public line, with a pause between them.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from tests.fixtures_audio import SPEAKER, VirtualAudio

pytestmark = [pytest.mark.needs_audio, pytest.mark.slow]

HEADPHONES = "virtual_headphones"

ASOUNDRC = f"""pcm.headphones {{
    type pulse
    device "{HEADPHONES}"
    hint {{ show on description "Headphones ({HEADPHONES})" }}
}}
"""

SCRIPT = """
import time
from voice_host.settings import Settings
from voice_host.host.channels import SpeakerOutput, Transcript
out = SpeakerOutput(Settings(private_device="headphones", output_device="pulse", earcons=True),
                    Transcript())
out.say("Your cards: three, six and nine.", private=True)
time.sleep(1.0)
out.say("Ada: seven, twenty-four.", speaker=0)
out.earcon("stew_pot")
"""


def _active_seconds(x: np.ndarray) -> float:
    frames = x[: len(x) // 160 * 160].reshape(-1, 160)
    return float(np.sum(np.sqrt(np.mean(frames**2, axis=1)) > 300) * 0.01)


def test_hand_goes_to_headphones_and_table_to_speakers(
    virtual_audio: VirtualAudio, tmp_path: Path
) -> None:
    if shutil.which("parec") is None:
        pytest.skip("parec missing (apt-get install pulseaudio-utils)")
    module = virtual_audio.pactl(
        "load-module", "module-null-sink", f"sink_name={HEADPHONES}", "rate=16000", "channels=1"
    )
    try:
        (tmp_path / ".asoundrc").write_text(ASOUNDRC)
        env = {**virtual_audio.subprocess_env(), "HOME": str(tmp_path)}
        for attempt in range(3):  # again if a busy machine left a fresh sink's recording empty
            phones = virtual_audio.start_recording(f"{HEADPHONES}.monitor")
            speaker = virtual_audio.start_recording(f"{SPEAKER}.monitor")
            time.sleep(0.3 + 0.5 * attempt)
            run = subprocess.run(
                [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=90
            )
            time.sleep(0.3)
            heard_phones = virtual_audio.stop_recording(phones).astype(np.float64)
            heard_speaker = virtual_audio.stop_recording(speaker).astype(np.float64)
            if run.returncode != 0 or min(
                _active_seconds(heard_phones), _active_seconds(heard_speaker)
            ) > 0.8:
                break
    finally:
        virtual_audio.unload(module)
    assert run.returncode == 0, run.stderr
    assert "(private) Your cards" in run.stdout and "Ada: seven" in run.stdout
    # Speech on each sink; the hand (about 2 s of speech) only on the headphones, the bot's line
    # and the earcon only on the speakers.
    on_phones, on_speaker = _active_seconds(heard_phones), _active_seconds(heard_speaker)
    # What a failure needs to be told apart: nothing played, or played to the wrong sink.
    seen = (f"headphones {on_phones:.2f} s, speakers {on_speaker:.2f} s of speech; "
            f"recorded {len(heard_phones) / 16000:.1f} s and {len(heard_speaker) / 16000:.1f} s; "
            f"stderr: {run.stderr.strip()[-300:]!r}")
    assert on_phones > 0.8, seen
    assert on_speaker > 0.8, seen
    lead = np.nonzero(np.abs(heard_speaker) > 300)[0]
    first_phones = np.nonzero(np.abs(heard_phones) > 300)[0]
    assert len(lead) and len(first_phones)
    # The speakers stay silent while the hand is read on the headphones.
    assert lead[0] > first_phones[-1], "table speech overlapped the private line"
