"""A night on paper (fpdf2): the rotation chart (every round known so far, or the
whole night for the formats charted in advance) and a score sheet for each physical
table of each round, with a line per hand and room for both sides' initials."""

from __future__ import annotations

from collections.abc import Sequence

from fpdf import FPDF

from ..club import Night, Round, chart
from ..club.play import hands_per_round


def night_pdf(night: Night, started: Sequence[Round]) -> bytes:
    rounds = chart(night) or list(started)
    pdf = FPDF(orientation="landscape", format="A4")
    pdf.set_auto_page_break(auto=True, margin=12)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 16)
    title = f"Club night: {night.format}, {night.variant}, {night.rounds} rounds of {night.length}"
    pdf.cell(0, 10, title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", size=9)
    pdf.cell(
        0,
        6,
        "Partners: 1st & 3rd, 2nd & 4th. Scoring: " + str(night.scoring),
        new_x="LMARGIN",
        new_y="NEXT",
    )
    if not rounds:
        pdf.cell(0, 8, "No round has been paired yet.", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", size=8)
    with pdf.table(text_align="LEFT") as table:
        header = table.row()
        header.cell("Round")
        for k in range(night.tables):
            header.cell(f"Table {k + 1} ({night.table_kind(k)})")
        header.cell("Byes")
        for r in rounds:
            row = table.row()
            row.cell(str(r.number))
            for a, b, c, d in r.tables:
                row.cell(f"{a} & {c}\nv {b} & {d}")
            row.cell(", ".join(r.byes) or "-")
    hands = hands_per_round(night)
    for r in rounds:
        for k, (a, b, c, d) in enumerate(r.tables):
            if night.table_kind(k) != "physical":
                continue  # an online table keeps its own score
            pdf.add_page(orientation="portrait")
            pdf.set_font("Helvetica", "B", 14)
            pdf.cell(0, 10, f"Round {r.number}, table {k + 1}", new_x="LMARGIN", new_y="NEXT")
            pdf.set_font("Helvetica", size=10)
            with pdf.table(text_align="CENTER") as sheet:
                top = sheet.row()
                for text in ("Hand", f"{a} & {c}", f"{b} & {d}"):
                    top.cell(text)
                for h in range(1, hands + 1):
                    line = sheet.row()
                    line.cell(str(h))
                    line.cell("")
                    line.cell("")
                total = sheet.row()
                for text in ("Total", "", ""):
                    total.cell(text)
                initials = sheet.row()
                for text in ("Initials", "", ""):
                    initials.cell(text)
    return bytes(pdf.output())
