"""A showcase image: a few faces fanned out like a hand of cards, for sharing a preview."""

from __future__ import annotations

import math

from PIL import Image, ImageFilter

BACKGROUND = (238, 236, 230, 255)
SPREAD_DEGREES = 9.0
SHADOW = (0, 0, 0, 90)


def fan(faces: list[Image.Image]) -> Image.Image:
    """The faces (all of one size, or close) fanned from a pivot below their centre, left to
    right, each with a soft shadow, on a plain background."""
    width = max(f.width for f in faces)
    height = max(f.height for f in faces)
    middle = (len(faces) - 1) / 2
    pivot = height * 1.6  # distance from a card's centre down to the common pivot
    margin = int(0.25 * height)
    spread = math.radians(SPREAD_DEGREES * middle)
    canvas_w = int(2 * (pivot + height / 2) * math.sin(spread) + width * 1.5) + 2 * margin
    canvas_h = int(height * 1.35) + 2 * margin
    canvas = Image.new("RGBA", (canvas_w, canvas_h), BACKGROUND)
    centre_x = canvas_w / 2
    pivot_y = margin + height * 0.6 + pivot
    box = [canvas_w, canvas_h, 0, 0]
    for n, face in enumerate(faces):
        angle = SPREAD_DEGREES * (n - middle)
        card = face.convert("RGBA")
        turned = card.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)
        shadow = Image.new("RGBA", turned.size, SHADOW)
        shadow.putalpha(turned.getchannel("A").point(lambda a: a * SHADOW[3] // 255))
        shadow = shadow.filter(ImageFilter.GaussianBlur(max(2, height // 60)))
        radians = math.radians(angle)
        x = centre_x + pivot * math.sin(radians) - turned.width / 2
        y = pivot_y - pivot * math.cos(radians) - turned.height / 2
        offset = max(2, height // 80)
        canvas.alpha_composite(shadow, (int(x) + offset, int(y) + offset))
        canvas.alpha_composite(turned, (int(x), int(y)))
        box = [min(box[0], int(x)), min(box[1], int(y)),
               max(box[2], int(x) + turned.width), max(box[3], int(y) + turned.height)]  # fmt: skip
    pad = margin // 2
    crop = (max(0, box[0] - pad), max(0, box[1] - pad),
            min(canvas_w, box[2] + pad), min(canvas_h, box[3] + pad))  # fmt: skip
    return canvas.crop(crop).convert("RGB")
