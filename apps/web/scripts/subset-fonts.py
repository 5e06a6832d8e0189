"""Makes the two self-hosted web fonts in src/assets/fonts/ (committed; the build does not run this).

Sources are the Fontsource variable packages (SIL Open Font License 1.1), unpacked with npm's ordinary client:

    cd /tmp && npm pack @fontsource-variable/inter@5.3.0 @fontsource-variable/fraunces@5.3.0
    for f in fontsource-variable-*.tgz; do mkdir -p "${f%.tgz}" && tar xzf "$f" -C "${f%.tgz}"; done
    python3 apps/web/scripts/subset-fonts.py /tmp   # needs fontTools and brotli (Debian: python3-fonttools python3-brotli)

What is kept, and why (about 43 KB of woff2 in all):
- Inter, variable, weights 400 to 700 only (the weights the app uses), upright only: body text.
- Fraunces at weight 700 and optical size 36 as one static face (headings are bold; 36 reads well from card titles to
  the hero), upright only: a true italic would cost another 14 KB for one word on the landing page, so the browser
  slants the upright there.
- Latin: Basic Latin, Latin-1 (accented letters of European recipe names) and common typographic punctuation.
  Anything else (user content in other scripts) falls back to the system font glyph by glyph.
- Layout features the text needs (kerning, ligatures, contextual forms, tabular figures); no hinting.

It also prints the fallback metrics used in src/index.css: size-adjust from the frequency-weighted average advance of
English text against Arial / Times New Roman (measured on their metric-compatible Liberation twins), and the
ascent/descent overrides divided by it, so the swap from fallback to web font does not move the layout.
"""

import io
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

UNICODES = (
    "U+0020-007E,U+00A0-00FF,U+0131,U+0152-0153,U+02C6,U+02DA,U+02DC,U+2013-2014,U+2018-201A,U+201C-201E,"
    "U+2022,U+2026,U+2032-2033,U+20AC,U+2122,U+2212"
)
OUT = os.path.join(os.path.dirname(__file__), "..", "src", "assets", "fonts")
LIBERATION = "/usr/share/fonts/truetype/liberation/"
FREQ = {
    "a": 8.2, "b": 1.5, "c": 2.8, "d": 4.3, "e": 12.7, "f": 2.2, "g": 2.0, "h": 6.1, "i": 7.0, "j": 0.15,
    "k": 0.77, "l": 4.0, "m": 2.4, "n": 6.7, "o": 7.5, "p": 1.9, "q": 0.095, "r": 6.0, "s": 6.3, "t": 9.1,
    "u": 2.8, "v": 0.98, "w": 2.4, "x": 0.15, "y": 2.0, "z": 0.074, " ": 18.0,
}


def instance(font, limits):
    font = instancer.instantiateVariableFont(font, limits)
    # Reload: a freshly instanced font trips the subsetter's lazy gvar table.
    buffer = io.BytesIO()
    font.flavor = None
    font.save(buffer)
    buffer.seek(0)
    return TTFont(buffer)


def build(source, name, limits, features):
    font = instance(TTFont(source), limits)
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = features
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    options.hinting = False
    options.desubroutinize = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=subset.parse_unicodes(UNICODES))
    subsetter.subset(font)
    font.flavor = "woff2"
    path = os.path.join(OUT, name)
    font.save(path)
    print(name, os.path.getsize(path), "bytes")
    return path


def average_advance(font):
    cmap, hmtx, upm = font.getBestCmap(), font["hmtx"], font["head"].unitsPerEm
    return sum(hmtx[cmap[ord(c)]][0] * w for c, w in FREQ.items()) / sum(FREQ.values()) / upm


def fallback(label, web, local):
    size = average_advance(web) / average_advance(local)
    upm, hhea = web["head"].unitsPerEm, web["hhea"]
    print(
        f"{label}: size-adjust: {size * 100:.2f}%; ascent-override: {hhea.ascent / upm / size * 100:.2f}%; "
        f"descent-override: {-hhea.descent / upm / size * 100:.2f}%; line-gap-override: {hhea.lineGap / upm / size * 100:.2f}%;"
    )


def main(packs):
    inter = os.path.join(packs, "fontsource-variable-inter-5.3.0/package/files/inter-latin-wght-normal.woff2")
    fraunces = os.path.join(packs, "fontsource-variable-fraunces-5.3.0/package/files/fraunces-latin-full-normal.woff2")
    inter_out = build(inter, "inter-latin-400-700.woff2", {"wght": (400, 700)},
                      ["kern", "liga", "calt", "ccmp", "locl", "tnum", "mark", "mkmk"])
    fraunces_out = build(fraunces, "fraunces-latin-700.woff2", {"opsz": 36, "SOFT": 0, "WONK": 0, "wght": 700},
                         ["kern", "liga"])
    fallback("Inter 400 / Arial", instance(TTFont(inter_out), {"wght": 400}), TTFont(LIBERATION + "LiberationSans-Regular.ttf"))
    fallback("Inter 700 / Arial Bold", instance(TTFont(inter_out), {"wght": 700}), TTFont(LIBERATION + "LiberationSans-Bold.ttf"))
    fallback("Fraunces 700 / Times New Roman Bold", TTFont(fraunces_out), TTFont(LIBERATION + "LiberationSerif-Bold.ttf"))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp")
