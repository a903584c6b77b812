"""The one import stays quick: the picture helpers load only when a rules module asks for them."""

from __future__ import annotations

import subprocess
import sys


def test_text_width_and_pad_come_from_the_api_without_loading_the_picture_code_first() -> None:
    script = (
        "import sys\n"
        "import pnpkit.referee.api as api\n"
        "assert 'svgwrite' not in sys.modules\n"
        "assert api.text_width('abcd', 10) == 2 * api.text_width('ab', 10) > 0\n"
        "assert 'svgwrite' in sys.modules\n"
        "from pnpkit.referee.views.picture import PAD\n"
        "assert api.PAD == PAD\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
