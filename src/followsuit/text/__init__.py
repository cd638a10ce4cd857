"""The table drawn as text: seats, trick, hands, words, summaries.

Drawing apart from playing, as ``chess.svg`` is: the terminal (:mod:`followsuit.cli`)
and the research faces' ``render_mode="ansi"`` (:mod:`followsuit.rl.render`) both draw
the same screen from one seat's observation, so this package imports neither of them.
"""
