"""Capture the first hand of a terminal game as plain text, as a player sees it.

    python docs/screens/capture.py VARIANT SEED COLUMNS OUT [ANSWERS]

Runs ``followsuit play`` in a pseudo-terminal of COLUMNS columns, answers every
prompt with the next of the comma-separated ANSWERS (then ``1``), stops after
the first hand's summary, and writes the screen without colours to OUT.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile

import pexpect

PROMPT = "Your move:"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def capture(variant: str, seed: str, columns: int, answers: list[str]) -> str:
    records = tempfile.mkdtemp()
    env = dict(os.environ, FOLLOWSUIT_RECORDS=records)
    args = ["-m", "followsuit", "play", variant, "--seed", seed, "--delay", "0"]
    child = pexpect.spawn(
        sys.executable, args, env=env, encoding="utf-8", timeout=30, dimensions=(60, columns)
    )
    screen = []
    k = 0
    while True:
        idx = child.expect([PROMPT, pexpect.EOF])
        screen.append(child.before + (PROMPT + " " if idx == 0 else ""))
        if idx == 1:
            break
        if "Hand points" in child.before:
            child.sendline("q")
            continue
        child.sendline(answers[k] if k < len(answers) else "1")
        k += 1
    text = ANSI.sub("", "".join(screen)).replace("\r", "")
    # the record's path as a player's would read, not this run's temporary one
    return re.sub(
        re.escape(records) + r"/\S+\.json", "~/.local/share/followsuit/records/….json", text
    )


if __name__ == "__main__":
    variant, seed, columns, out = sys.argv[1:5]
    answers = sys.argv[5].split(",") if len(sys.argv) > 5 else []
    with open(out, "w", encoding="utf-8") as f:
        f.write(capture(variant, seed, int(columns), answers))
