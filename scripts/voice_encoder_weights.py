"""Write the voice encoder's weights into the package from Resemblyzer's published checkpoint.

    pip download --no-deps resemblyzer==0.1.4 -d /tmp/rz && unzip -o -d /tmp/rz /tmp/rz/*.whl
    .venv/bin/python scripts/voice_encoder_weights.py /tmp/rz/resemblyzer/pretrained.pt

Needs torch (the ``train`` extra) to read the checkpoint; the product runs the weights with
onnxruntime (:mod:`voice_host.ear.voice_encoder`). The LSTM and linear weights are kept as
published, in PyTorch's layout, stored as float16; the card is ``docs/ear/voice-encoder.md``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run by path: the repository

from voice_host.ear.voice_encoder import WEIGHTS


def main() -> None:
    """Read the checkpoint named on the command line and write :data:`WEIGHTS`."""
    import torch

    if len(sys.argv) != 2 or not Path(sys.argv[1]).is_file():
        sys.exit("usage: voice_encoder_weights.py PRETRAINED_PT (Resemblyzer 0.1.4's "
                 "resemblyzer/pretrained.pt)")
    state = torch.load(sys.argv[1], map_location="cpu", weights_only=True)["model_state"]
    arrays = {k.replace(".", "/"): v.numpy().astype(np.float16) for k, v in state.items()
              if k.startswith(("lstm.", "linear."))}
    tmp = WEIGHTS.with_name(WEIGHTS.name + ".tmp.npz")
    np.savez_compressed(tmp, **arrays)
    tmp.replace(WEIGHTS)
    print(f"wrote {WEIGHTS} ({WEIGHTS.stat().st_size / 1e6:.1f} MB): {', '.join(sorted(arrays))}")


if __name__ == "__main__":
    main()
